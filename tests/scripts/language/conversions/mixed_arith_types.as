// The result type of mixed arithmetic: the common type of both operands.
void f(int x) { print("int\n"); }
void f(uint x) { print("uint\n"); }
void f(int64 x) { print("int64\n"); }
void f(uint64 x) { print("uint64\n"); }
void f(float x) { print("float\n"); }
void f(double x) { print("double\n"); }
void main() {
  int i = 1; uint u = 1; int64 l = 1; uint64 ul = 1; float fl = 1; double d = 1;
  int8 i8 = 1; uint8 u8 = 1; int16 i16 = 1; uint16 u16 = 1;
  f(i + i);
  f(i + u);
  f(u + i);
  f(i + l);
  f(u + l);
  f(l + ul);
  f(i + fl);
  f(fl + d);
  f(l + fl);
  f(i8 + i8);
  f(u8 + u8);
  f(i16 + u16);
  f(u8 + i);
  f(ul + d);
}

// expect: int
// expect: int
// expect: int
// expect: int64
// expect: int64
// expect: int64
// expect: float
// expect: double
// expect: float
// expect: int
// expect: uint
// expect: int
// expect: int
// expect: double
