// The conditional operator, nested and right-associative.
void main() {
  int a = 5;
  print("" + (a > 3 ? 1 : 2) + "\n");
  print("" + (a < 3 ? 1 : 2) + "\n");
  string s = a == 5 ? "five" : "other";
  print(s + "\n");
  int b = a < 0 ? -1 : a == 0 ? 0 : 1;
  print("" + b + "\n");
  a = 0;
  b = a < 0 ? -1 : a == 0 ? 0 : 1;
  print("" + b + "\n");
}

// expect: 1
// expect: 2
// expect: five
// expect: 1
// expect: 0
