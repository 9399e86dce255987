// float is IEEE single precision: 24-bit mantissa.
void main() {
  float f = 16777216.0f;
  f += 1.0f;
  print(formatFloat(f, "", 0, 1) + "\n");
  double d = 16777216.0;
  d += 1.0;
  print(formatFloat(d, "", 0, 1) + "\n");
  float third = 1.0f / 3.0f;
  double dthird = 1.0 / 3.0;
  print(formatFloat(third, "", 0, 12) + "\n");
  print(formatFloat(dthird, "", 0, 12) + "\n");
  print("" + (third == dthird) + "\n");
}

// expect: 16777216.0
// expect: 16777217.0
// expect: 0.333333343267
// expect: 0.333333333333
// expect: false
