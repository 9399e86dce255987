// INT_MIN / -1 raises "Overflow in integer division".
void main() {
  int a = -2147483648;
  int b = -1;
  print("before\n");
  int c = a / b;
  print("after " + c + "\n");
}

// expect: before
// expect-exception: Overflow in integer division
