// math: closeTo float/double with and without epsilon, fpToIEEE/fpFromIEEE both widths, the
// functions with int, float and double arguments.
void main() {
  print(closeTo(1.0f, 1.0000001f) + " " + closeTo(1.0, 1.1) + " " + closeTo(1.0, 1.05, 0.1) + " " + closeTo(1.0f, 1.5f, 0.6f) + "\n");
  print(formatUInt(fpToIEEE(1.5f), "H") + " " + formatUInt(fpToIEEE(-2.0), "H") + "\n");
  print(fpFromIEEE(uint(0x40490fdb)) + " " + fpFromIEEE(uint64(0x400921fb54442d18)) + "\n");
  print(abs(-2) + " " + floor(2.7) + " " + ceil(-2.7) + " " + fraction(2.75) + " " + atan2(0, -1) + "\n");
  print(pow(2, 10) + " " + sqrt(16) + " " + log10(1000) + " " + log(1) + "\n");
  float x = 0.5f; double y = 0.5;
  print(sin(x) + " " + cos(y) + " " + tan(x) + " " + asin(x) + " " + acos(y) + " " + atan(x) + "\n");
  print(sinh(x) + " " + cosh(y) + " " + tanh(x) + "\n");
}

// expect: true false true true
// expect: 3FC00000 C000000000000000
// expect: 3.14159 3.14159
// expect: 2 2 -2 0.75 3.14159
// expect: 1024 4 3 0
// expect: 0.479426 0.877583 0.546302 0.523599 1.0472 0.463648
// expect: 0.521095 1.12763 0.462117
