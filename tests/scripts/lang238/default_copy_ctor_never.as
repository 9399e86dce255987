// ALWAYS_IMPL_DEFAULT_COPY_CONSTRUCT=2: copies are a new object plus opAssign.
// reference: 2.38
// engine-property: ALWAYS_IMPL_DEFAULT_COPY_CONSTRUCT=2
class C { int v = 1; C() { print("ctor\n"); } }
void main() {
  C a;
  a.v = 4;
  C b = a;
  print("" + b.v + "\n");
}

// expect: ctor
// expect: ctor
// expect: 4
