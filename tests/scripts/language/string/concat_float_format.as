// Floats in string concatenation (converted to double, printed with 6 significant digits).
void main() {
  float a = 0.1f;
  float b = 1.0f / 3.0f;
  float c = 16777216.0f;
  float d = 1e-3f;
  float e = 3.5f;
  print("" + a + " " + b + " " + c + " " + d + " " + e + "\n");
  print("" + 1.5f + "\n");
  float big = 3e38f;
  print("" + big + "\n");
}

// expect: 0.1 0.333333 1.67772e+07 0.001 3.5
// expect: 1.5
// expect: 3e+38
