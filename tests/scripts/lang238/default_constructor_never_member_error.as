// engine-property: ALWAYS_IMPL_DEFAULT_CONSTRUCT=2
// reference: 2.38 (asEP_ALWAYS_IMPL_DEFAULT_CONSTRUCT=2 is 2.37's)
// A class without any constructor (the compiler writes none with ALWAYS_IMPL_DEFAULT_CONSTRUCT=2)
// can't be a member by value: reported at the member's declaration (a handle is fine).
class C { int v; }
class D {
  C@ h;
  C c;
}
void main() {}
// expect-error: 8 Data type can't be 'C'
