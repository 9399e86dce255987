// A5/A6: super(args), override, explicit base call `B::who()`, `this.`, returning references to
// globals and members, const overloads (non-const preferred on mutable objects), derived->base
// handle and cast<> back.
int g = 1;
int &gref() { return g; }
class B {
  int v;
  B(int x) { v = x; print("B(" + x + ")\n"); }
  string name() { return "B"; }
  string who() { return "base " + name(); }
}
class D : B {
  int w = 2;
  array<int> arr = {1, 2};
  D() { super(7); }
  string name() override { return "D"; }
  string who() override { return "derived/" + B::who() + "/" + this.name(); }
  int &wref() { return w; }
  array<int> &arrref() { return arr; }
}
class K {
  int get() { return 1; }
  int get() const { return 2; }
}
void main() {
  D d;
  print(d.who() + " " + d.v + "\n");
  gref() = 5;
  print("" + g + "\n");
  d.wref() += 3;
  d.arrref().insertLast(3);
  print("" + d.w + " " + d.arr.length() + "\n");
  K k; const K@ ck = k;
  print("" + k.get() + ck.get() + "\n");
  B@ b = d;
  print(b.name() + "\n");
  D@ dd = cast<D>(b);
  print("" + (dd is d) + "\n");
}
// expect: B(7)
// expect: derived/base D/D 7
// expect: 5
// expect: 5 3
// expect: 12
// expect: D
// expect: true
