// Comparing integers with floating-point values converts the integer to floating point.
void main() {
  int i = 0;
  double d = 0.5;
  print("" + (i < d) + " " + (d < 1) + " " + (1 == 1.0) + "\n");
  int big = 16777217;
  float f = 16777216.0f;
  print("" + (big == f) + "\n");
  double dd = 16777216.0;
  print("" + (big == dd) + "\n");
  int64 l = 9007199254740993;
  double x = 9007199254740992.0;
  print("" + (l == x) + "\n");
}

// expect: true true true
// expect: true
// expect: false
// expect: true
