// sqrt, abs, floor and ceil run as instructions, and the other math functions are called
// straight: the same values as the C library's, in expressions, loops and as arguments.
float twice(float x) { return x * 2; }
void main() {
  print("" + sqrt(2.25f) + " " + abs(-2.5f) + " " + abs(3.0f) + " " + floor(-1.5f) + " " + ceil(-1.5f) + "\n");
  print("" + floor(2.75f) + " " + ceil(2.25f) + " " + sqrt(0.0f) + " " + abs(-0.0f) + "\n");
  print("" + pow(2.0f, 10.0f) + " " + atan2(0.0f, 1.0f) + " " + sin(0.0f) + " " + cos(0.0f) + " " + fraction(-2.25f) + "\n");
  float t = 0;
  for (int i = 0; i < 100; i++) {
    float x = float(i) / 8.0f;
    t += sqrt(x) + abs(x - 5.0f) + floor(x) + ceil(x * 0.5f) + twice(floor(x + 0.5f));
  }
  print("sum " + formatFloat(t, "", 0, 3) + "\n");
  // the argument is an expression, the result feeds another call
  float y = 7.5f;
  print("" + floor(sqrt(abs(-y * y))) + " " + ceil(pow(y, 2.0f) / 10.0f) + " " + log10(100.0f) + "\n");
}

// expect: 1.5 2.5 3 -2 -1
// expect: 2 3 0 0
// expect: 1024 0 0 1 -0.25
// expect: sum 2738.612
// expect: 7 6 2
