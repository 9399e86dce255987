// int8 vs int branches of ?: are ambiguous too.
void main() {
  bool t = true;
  int8 a = 2;
  int b = 3;
  int x = t ? a : b;
  print("" + x + "\n");
}

// expect-error: 6 Can't find unambiguous implicit conversion to make both expressions have the same type
