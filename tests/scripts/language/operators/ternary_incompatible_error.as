// The two branches of ?: must have compatible types.
void main() {
  bool c = true;
  int y = c ? 1 : "text";
  print("" + y + "\n");
}

// expect-error: 4 Can't find unambiguous implicit conversion to make both expressions have the same type
