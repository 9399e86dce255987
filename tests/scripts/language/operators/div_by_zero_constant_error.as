// Dividing two constants by zero is caught by constant folding: a compile error.
void main() {
  print("x\n");
  int c = 10 / 0;
}

// expect-error: 4 Divide by zero
