// Integer argument: a parameter of the same signedness (any size) beats one of the other
// signedness (any size), which beats float/double.
void f(int8 x) { print("int8\n"); }
void f(uint64 x) { print("uint64\n"); }
void g(uint8 x) { print("uint8\n"); }
void g(int x) { print("int\n"); }
void h(uint16 x) { print("uint16\n"); }
void h(double x) { print("double\n"); }
void k(int64 x) { print("int64\n"); }
void k(float x) { print("float\n"); }
void main() {
  int i = 1; uint u = 1; int16 s = 1; uint64 ul = 1;
  f(i);
  f(u);
  f(s);
  f(ul);
  g(i);
  g(u);
  h(i);
  h(s);
  k(u);
  k(ul);
}

// expect: int8
// expect: uint64
// expect: int8
// expect: uint64
// expect: int
// expect: uint8
// expect: uint16
// expect: uint16
// expect: int64
// expect: int64
