// ALWAYS_IMPL_DEFAULT_CONSTRUCT=2: the compiler never writes a default constructor.
// reference: 2.38
// engine-property: ALWAYS_IMPL_DEFAULT_CONSTRUCT=2
class C { int v = 1; }
void main() {
  C a;
}

// expect-error: 6 Data type can't be 'C'
