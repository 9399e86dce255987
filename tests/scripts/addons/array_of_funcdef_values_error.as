// array<FD> of a funcdef (not array<FD@>): there are no funcdef values.
funcdef void FD();
void f() {}
void main() {
  array<FD> a;
}
// expect-error: 0 The subtype 'FD' has no default factory
