// Result type of ** with mixed operand types.
void f(int x) { print("int " + x + "\n"); }
void f(uint x) { print("uint " + x + "\n"); }
void f(int64 x) { print("int64 " + x + "\n"); }
void f(uint64 x) { print("uint64 " + x + "\n"); }
void f(float x) { print("float " + x + "\n"); }
void f(double x) { print("double " + x + "\n"); }
void main() {
  int i = 2; uint u = 3; int64 l = 2; float fl = 2; double d = 2;
  f(i ** i);
  f(u ** u);
  f(i ** u);
  f(u ** i);
  f(l ** i);
  f(i ** l);
  f(fl ** i);
  f(i ** fl);
  f(d ** i);
  f(fl ** d);
}

// expect: int 4
// expect: uint 27
// expect: int 8
// expect: int 9
// expect: int64 4
// expect: int64 4
// expect: float 4
// expect: float 4
// expect: double 4
// expect: double 4
