// Overload resolution treats the typedef as its underlying type.
typedef float real;
void f(real x) { print("real/float " + x + "\n"); }
void f(int x) { print("int " + x + "\n"); }
void main() {
  f(1.5f);
  f(2);
  real r = 0.25f;
  f(r);
  double d = 0.5;
  f(d);
}

// expect: real/float 1.5
// expect: int 2
// expect: real/float 0.25
// expect: real/float 0.5
