// ?: of a funcdef handle and a function: the function stands for the first funcdef declared with
// its signature (FD), which is not FE (2.38).
// reference: 2.38 (2.38 feature; 2.35.1 differs)
funcdef void FD();
funcdef void FE();
void g() {}
void main() {
  FE@ fe = g;
  FE@ z = true ? fe : g;
}
// expect-error: 9 Can't find unambiguous implicit conversion to make both expressions have the same type
