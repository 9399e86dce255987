// "T x = T(args);" default-constructs x, constructs a temporary, then assigns it.
class M {
  double v;
  M() { v = 0; print("M()\n"); }
  M(double x) { v = x; print("M(double)\n"); }
  M@ opAssign(const M &in o) { print("opAssign\n"); v = o.v; return this; }
}
void main() {
  M m = M(2.5);
  print("" + m.v + "\n");
}

// expect: M(double)
// expect: M()
// expect: opAssign
// expect: 2.5
