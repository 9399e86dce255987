// Precedence: shifts > & > ^ > | > comparisons (unlike C, & binds tighter than ==).
void main() {
  int a = 6, b = 3;
  print("" + (1 + 2 << 3) + "\n");
  print("" + (1 << 2 + 3) + "\n");
  print("" + (a & b | 8) + "\n");
  print("" + (a | b & 1) + "\n");
  print("" + (a ^ b & 2) + "\n");
  print("" + (a | b ^ 1) + "\n");
  print("" + (a & 4 == 4) + "\n");
  print("" + (a & 1 << 2) + "\n");
  print("" + (8 >> 1 >> 1) + "\n");
}

// expect: 24
// expect: 32
// expect: 10
// expect: 7
// expect: 4
// expect: 6
// expect: true
// expect: 4
// expect: 2
