// Integer division truncates toward zero; the remainder has the sign of the dividend.
void main() {
  int a = 7, b = -7, c = 2, d = -2;
  print("" + (a / c) + " " + (a % c) + "\n");
  print("" + (b / c) + " " + (b % c) + "\n");
  print("" + (a / d) + " " + (a % d) + "\n");
  print("" + (b / d) + " " + (b % d) + "\n");
  int64 e = -9, f = 4;
  print("" + (e / f) + " " + (e % f) + "\n");
  print("" + (-7 / 2) + " " + (-7 % 2) + "\n");
}

// expect: 3 1
// expect: -3 -1
// expect: -3 1
// expect: 3 -1
// expect: -2 -1
// expect: -3 -1
