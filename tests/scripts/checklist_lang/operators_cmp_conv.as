// A6.1: opCmp also serves == and != when there is no opEquals; a.opCmp(b) and the reversed
// 0 op b.opCmp(a) form; opConv for T(expr); opImplConv to string; opImplCast and opCast.
class N {
  int v;
  N(int x) { v = x; }
  int opCmp(const N &in o) const { return v - o.v; }
}
class M {
  int v;
  M(int x) { v = x; }
  int opCmp(int x) const { return v - x; }
  int opConv() const { return v; }
  string opImplConv() const { return "M" + v; }
}
class A {}
class W {
  A@ a = A();
  A@ opImplCast() { return a; }
  A@ opCast() { return a; }
}
void main() {
  N a(1), b(2), c(1);
  print("" + (a == c) + (a != b) + (a < b) + (b >= a) + "\n");
  M m(5);
  print("" + (m < 6) + (6 < m) + (m == 5) + "\n");
  print("" + int(m) + "\n");
  string s = m;
  print(s + "\n");
  W w;
  A@ h = w;
  print("" + (h is w.a) + (cast<A>(w) is w.a) + "\n");
}
// expect: truetruetruetrue
// expect: truefalsetrue
// expect: 5
// expect: M5
// expect: truetrue
