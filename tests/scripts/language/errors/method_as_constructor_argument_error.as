// A method passed to a constructor: the constructor call has no match.
class C1 { int m1() { return 2; } }
class C2 {
  C2(int) {}
  C2(const C1 &in c1) {}
}
void main() {
  C1 c1;
  C2 c2(c1.m1);
}
// expect-error: 9 No matching signatures to 'C2(C1::m1)'
