// Compound assignment on double and float, and int targets with double right-hand sides.
void main() {
  double d = 1.5;
  d += 1; print("" + d + "\n");
  d -= 0.25; print("" + d + "\n");
  d *= 4; print("" + d + "\n");
  d /= 3; print("" + d + "\n");
  d %= 2; print("" + d + "\n");
  d **= 2; print("" + d + "\n");
  float f = 2;
  f *= 1.5f; print("" + f + "\n");
  f /= 4; print("" + f + "\n");
  int i = 10;
  i *= 2.5; print("" + i + "\n");
  i /= 0.5; print("" + i + "\n");
  i += 0.9; print("" + i + "\n");
}

// expect: 2.5
// expect: 2.25
// expect: 9
// expect: 3
// expect: 1
// expect: 1
// expect: 3
// expect: 0.75
// expect: 25
// expect: 50
// expect: 50
