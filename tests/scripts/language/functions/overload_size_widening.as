// Among integer conversions of one signedness, widening beats narrowing (2.38; 2.35.1 found these
// ambiguous); widening to two sizes, or an enum to two sizes, stays ambiguous (see the _error tests).
// reference: 2.38
void a(int8 x) { print("a int8\n"); }
void a(int64 x) { print("a int64\n"); }
void b(int8 x) { print("b int8\n"); }
void b(int x) { print("b int\n"); }
void c(uint8 x) { print("c uint8\n"); }
void c(uint x) { print("c uint\n"); }
void d(uint16 x) { print("d uint16\n"); }
void d(uint64 x) { print("d uint64\n"); }
void main() {
  int i = 1; int16 s = 2; uint16 us = 3; uint u = 4;
  a(i); a(s);
  b(s);
  c(us);
  d(u);
}

// expect: a int64
// expect: a int64
// expect: b int
// expect: c uint
// expect: d uint64
