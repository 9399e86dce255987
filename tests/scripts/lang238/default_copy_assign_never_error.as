// ALWAYS_IMPL_DEFAULT_COPY=2: the compiler never writes a copy opAssign.
// reference: 2.38
// engine-property: ALWAYS_IMPL_DEFAULT_COPY=2
class C { int v = 1; }
void main() {
  C a, b;
  b = a;
}

// expect-error: 7 No appropriate opAssign method found in 'C' for value assignment
