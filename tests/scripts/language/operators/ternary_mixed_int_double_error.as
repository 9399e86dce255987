// ?: with an int and a double branch is an error in 2.35.1: each type converts implicitly to the
// other, so the conversion is ambiguous.
void main() {
  bool t = true;
  int i = 1;
  double d = 2.5;
  double x = t ? i : d;
  print("" + x + "\n");
}

// expect-error: 7 Can't find unambiguous implicit conversion to make both expressions have the same type
