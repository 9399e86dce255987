// Constant floating-point modulo by zero is a compile error too ("Divide by zero").
void main() {
  print("x\n");
  double d = 7.0 % 0.0;
}

// expect-error: 4 Divide by zero
