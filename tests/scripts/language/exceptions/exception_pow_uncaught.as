// An uncaught ** overflow.
void main() {
  int b = 10;
  print("" + (b ** 9) + "\n");
  print("" + (b ** 10) + "\n");
}

// expect: 1000000000
// expect-exception: Overflow in exponent operation
