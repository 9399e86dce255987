// In this build the math functions take and return float (AS_USE_FLOAT), so double precision is lost.
void f(float x) { print("float\n"); }
void f(double x) { print("double\n"); }
void main() {
  f(sqrt(2.0));
  f(cos(0.5));
  double r = sqrt(2.0);
  print(formatFloat(r, "", 0, 12) + "\n");
}

// expect: float
// expect: float
// expect: 1.414213538170
