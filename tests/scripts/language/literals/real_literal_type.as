// Real literals are double; an f or F suffix makes them float.
void f(float x) { print("float\n"); }
void f(double x) { print("double\n"); }
void main() {
  f(1.0);
  f(1.0f);
  f(1.0F);
  f(1e3);
  f(1e3f);
  f(.5);
  f(.5f);
  f(1.5e-3);
  f(2E2);
  f(1.);
}

// expect: double
// expect: float
// expect: float
// expect: double
// expect: float
// expect: double
// expect: float
// expect: double
// expect: double
// expect: double
