// Floating-point argument: the other floating type beats every integer type.
void f(int x) { print("int\n"); }
void f(float x) { print("float\n"); }
void g(double x) { print("double\n"); }
void g(int64 x) { print("int64\n"); }
void main() {
  double d = 1.5;
  f(d);
  float fl = 1.5f;
  g(fl);
  f(1.5);
  g(1.5f);
}

// expect: float
// expect: double
// expect: float
// expect: double
