// An int power that overflows raises "Overflow in exponent operation".
void main() {
  int b = 2;
  int e = 31;
  print("before\n");
  int r = b ** e;
  print("after " + r + "\n");
}

// expect: before
// expect-exception: Overflow in exponent operation
