// Implicit conversion of a double constant with a fraction to int: warning, truncated value.
void main() {
  int a = 2.75;
  int b = -2.75;
  print("" + a + " " + b + "\n");
}

// expect: 2 -2
