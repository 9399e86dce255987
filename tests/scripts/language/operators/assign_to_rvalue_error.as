// The left side of = must be an lvalue.
void main() {
  int a = 1, b = 2;
  a + b = 3;
  print("" + a + "\n");
}

// expect-error: 4 Expression is not an l-value
