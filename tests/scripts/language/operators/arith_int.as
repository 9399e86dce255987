// + - * / % on int.
void main() {
  int a = 17, b = 5;
  print("" + (a + b) + " " + (a - b) + " " + (a * b) + " " + (a / b) + " " + (a % b) + "\n");
  a = -17;
  print("" + (a + b) + " " + (a - b) + " " + (a * b) + " " + (a / b) + " " + (a % b) + "\n");
}

// expect: 22 12 85 3 2
// expect: -12 -22 -85 -3 -2
