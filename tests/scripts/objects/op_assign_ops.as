// Compound assignment overloads opAddAssign ... opUShrAssign and opAssign.
class A {
  int v = 0;
  A@ opAssign(const A &in o) { print("opAssign "); v = o.v; return this; }
  A@ opAddAssign(int x) { v += x; return this; }
  A@ opSubAssign(int x) { v -= x; return this; }
  A@ opMulAssign(int x) { v *= x; return this; }
  A@ opDivAssign(int x) { v /= x; return this; }
  A@ opModAssign(int x) { v %= x; return this; }
  A@ opPowAssign(int x) { v **= x; return this; }
  A@ opAndAssign(int x) { v &= x; return this; }
  A@ opOrAssign(int x) { v |= x; return this; }
  A@ opXorAssign(int x) { v ^= x; return this; }
  A@ opShlAssign(int x) { v <<= x; return this; }
  A@ opShrAssign(int x) { v >>= x; return this; }
  A@ opUShrAssign(int x) { v >>>= x; return this; }
}
void main() {
  A a;
  a += 10; print("" + a.v + "\n");
  a -= 3; print("" + a.v + "\n");
  a *= 4; print("" + a.v + "\n");
  a /= 2; print("" + a.v + "\n");
  a %= 5; print("" + a.v + "\n");
  a **= 3; print("" + a.v + "\n");
  a &= 6; print("" + a.v + "\n");
  a |= 9; print("" + a.v + "\n");
  a ^= 3; print("" + a.v + "\n");
  a <<= 2; print("" + a.v + "\n");
  a >>= 1; print("" + a.v + "\n");
  a.v = -32;
  a >>>= 2; print("" + a.v + "\n");
  A b;
  b = a;
  print("" + b.v + "\n");
}

// expect: 10
// expect: 7
// expect: 28
// expect: 14
// expect: 4
// expect: 64
// expect: 0
// expect: 9
// expect: 10
// expect: 40
// expect: 20
// expect: -8
// expect: opAssign -8
