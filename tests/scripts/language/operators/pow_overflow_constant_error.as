// A constant ** that overflows is a compile error.
void main() {
  print("x\n");
  int r = 2 ** 31;
}

// expect-error: 4 Overflow in exponent operation
