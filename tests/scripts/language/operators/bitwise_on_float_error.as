// Bitwise operators do not accept floating-point operands.
void main() {
  double d = 1.5;
  int x = 3;
  int r = x & d;
  print("" + r + "\n");
}

// expect-error: 5 Illegal operation on 'double'
