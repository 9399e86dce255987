// Implicit double -> int conversion is allowed (with a warning) and truncates.
void main() {
  double d = 9.99;
  int i = d;
  print("" + i + "\n");
  i = -d;
  print("" + i + "\n");
  uint u = 5.5;
  print("" + u + "\n");
}

// expect: 9
// expect: -9
// expect: 5
