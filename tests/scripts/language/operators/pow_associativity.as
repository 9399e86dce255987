// ** is left-associative in AngelScript: 2 ** 3 ** 2 == (2 ** 3) ** 2 == 64.
void main() {
  int a = 2, b = 3, c = 2;
  print("" + (a ** b ** c) + "\n");
  print("" + ((a ** b) ** c) + "\n");
  print("" + (a ** (b ** c)) + "\n");
  print("" + (2 ** 3 ** 2) + "\n");
}

// expect: 64
// expect: 64
// expect: 512
// expect: 64
