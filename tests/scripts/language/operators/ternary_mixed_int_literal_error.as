// Even a constant branch does not adapt: uint variable vs int literal in ?: is ambiguous.
void main() {
  bool t = true;
  uint u = 3;
  uint x = t ? u : 5;
  print("" + x + "\n");
}

// expect-error: 5 Can't find unambiguous implicit conversion to make both expressions have the same type
