// ++/-- keep the variable's own type (no promotion).
void f(int8 x) { print("int8 " + x + "\n"); }
void f(int x) { print("int " + x + "\n"); }
void f(uint8 x) { print("uint8 " + x + "\n"); }
void f(uint x) { print("uint " + x + "\n"); }
void f(double x) { print("double " + x + "\n"); }
void f(float x) { print("float " + x + "\n"); }
void main() {
  int8 a = 127;
  f(a++);
  f(a);
  f(++a);
  uint8 e = 0;
  f(e--);
  f(--e);
  float fl = 0.5f;
  f(fl++);
  f(++fl);
  double d = 1.5;
  f(d--);
  f(--d);
}

// expect: int8 127
// expect: int8 -128
// expect: int8 -127
// expect: uint8 0
// expect: uint8 254
// expect: float 0.5
// expect: float 2.5
// expect: double 1.5
// expect: double -0.5
