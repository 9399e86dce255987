// ?: of a bool and a number does not find a common type (2.38).
// reference: 2.38 (2.38 feature; 2.35.1 differs)
void main() {
  bool b = true;
  int i = 1;
  int x = b ? i : b;
}
// expect-error: 6 Can't find unambiguous implicit conversion to make both expressions have the same type
