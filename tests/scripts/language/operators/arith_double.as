// + - * / % on double (fmod semantics for %).
void main() {
  double a = 7.5, b = 2.0;
  print("" + (a + b) + " " + (a - b) + " " + (a * b) + " " + (a / b) + " " + (a % b) + "\n");
  a = -7.5;
  print("" + (a + b) + " " + (a - b) + " " + (a * b) + " " + (a / b) + " " + (a % b) + "\n");
  print("" + (10.0 % 3.0) + " " + (-10.0 % 3.0) + " " + (10.0 % -3.0) + "\n");
}

// expect: 9.5 5.5 15 3.75 1.5
// expect: -5.5 -9.5 -15 -3.75 -1.5
// expect: 1 -1 1
