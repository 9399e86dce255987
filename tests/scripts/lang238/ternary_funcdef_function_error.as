// ?: of a funcdef handle and a function: the function stands for the first funcdef declared with
// its signature (FD), which is not FE (2.38).
// angelc-only: 2.38 feature (checked against ashost-2.38)
funcdef void FD();
funcdef void FE();
void g() {}
void main() {
  FE@ fe = g;
  FE@ z = true ? fe : g;
}
// expect-error: 9 Can't find unambiguous implicit conversion to make both expressions have the same type
