// 2.38 copies a script object with `T(obj)` / `T b(a)` also when the class declares no copy
// constructor (2.35.1 reports no matching signature): a new object with obj's values.
// reference: 2.38 (2.38 feature; 2.35.1 differs)
class C { int v = 1; string s = "x"; array<int> a = {1}; }
class base {
  base(int id) {}
  base(const base@ b) {}
  base@ instance() { return null; }
  base@ opCall() { return instance(); }
}
class derived : base {
  derived() { super(1); }
  base@ instance() override { return derived(this); }
}
void main() {
  C a;
  a.v = 5; a.s = "y"; a.a.insertLast(2);
  C b(a);
  C@ c = C(a);
  a.v = 6; a.a.insertLast(3);
  print(b.v + " " + b.s + " " + b.a.length() + " " + c.v + " " + (c is a) + "\n");
  derived d;
  print((d() !is null) + " " + (d() is d) + "\n");
}
// expect: 5 y 2 5 false
// expect: true false
