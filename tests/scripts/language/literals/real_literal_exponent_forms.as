// Exponent forms of real literals and a float literal with an exponent.
void main() {
  double a = 5e0;
  double b = 5e+1;
  double c = 5e-1;
  float d = 2.5e1f;
  double e = 1e300 * 1e10;
  print("" + a + " " + b + " " + c + " " + d + "\n");
  print("" + e + "\n");
  print("" + 1e308 + "\n");
}

// expect: 5 50 0.5 25
// expect: inf
// expect: 1e+308
