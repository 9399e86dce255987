// A class declaring a constructor with parameters gets no copy constructor from the compiler
// (ALWAYS_IMPL_DEFAULT_COPY_CONSTRUCT 0, the default).
// reference: 2.38
class C {
  int v = 1;
  C() {}
  C(int x) { v = x; }
}
void main() {
  C a;
  C b(a);
}

// expect-error: 11 No matching signatures to 'C(C
