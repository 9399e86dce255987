// A6: 2.35.1 does not generate a copy constructor (that is 2.37): `C b(a)` has no match.
class C { int v = 1; }
void main() {
  C a;
  C b(a);
}
// expect-error: 5 No matching signatures to
