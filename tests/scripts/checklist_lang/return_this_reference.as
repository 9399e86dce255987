// Regression (angelc got this wrong before): `return this;` from a method returning `C &` is rejected with "Can't return reference to local value." (the manual's `obj &opAssign(...) { ...; return this; }` pattern).
// A6/A8: a method may return a reference to its own object.
class C {
  int v = 1;
  C &self() { return this; }
  C &opAddAssign(int x) { v += x; return this; }
  C &opAssign(int x) { v = x * 10; return this; }
}
void main() {
  C a;
  a.self().v = 5;
  a += 2;
  (a += 3) += 4;
  print("" + a.v + "\n");
  C b;
  b = 4;
  print("" + b.v + "\n");
}
// expect: 14
// expect: 40
