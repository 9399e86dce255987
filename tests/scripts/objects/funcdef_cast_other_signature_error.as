// cast<FD>() of a handle of a funcdef with another signature.
// angelc-only: the reference engine aborts on an assertion here (2.35.1 and 2.38)
funcdef void F1();
funcdef int F3(int);
void func() {}
void main() {
  F1@ a = func;
  F3@ d = cast<F3>(a);
}
// expect-error: 8 Can't convert from 'F1@
