// + - * / % on uint, including wrap-around of subtraction.
void main() {
  uint a = 17, b = 5;
  print("" + (a + b) + " " + (a - b) + " " + (a * b) + " " + (a / b) + " " + (a % b) + "\n");
  print("" + (b - a) + "\n");
  uint big = 4000000000;
  print("" + (big / 3) + " " + (big % 7) + "\n");
}

// expect: 22 12 85 3 2
// expect: 4294967284
// expect: 1333333333 3
