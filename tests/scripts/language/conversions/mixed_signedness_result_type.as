// Result type of integer arithmetic mixing signedness: mixed signed/unsigned gives the signed type;
// 64-bit if either side is 64-bit; a literal constant adapts to the other operand.
void f(int x) { print("int\n"); }
void f(uint x) { print("uint\n"); }
void f(int64 x) { print("int64\n"); }
void f(uint64 x) { print("uint64\n"); }
void main() {
  uint u = 1; int i = 1; uint8 u8 = 1; int8 i8 = 1; uint64 ul = 1; int64 l = 1;
  f(u + u);
  f(u + 1);
  f(1 + u);
  f(u * i);
  f(i - u);
  f(u8 + u);
  f(u + i8);
  f(ul + i);
  f(i + ul);
  f(ul + l);
  f(u + l);
  f(ul + u);
  f(u << 1);
  f(i << u);
  f(u & i);
  f(i & u);
  f(i8 & u8);
  f(-u);
}

// expect: uint
// expect: uint
// expect: uint
// expect: int
// expect: int
// expect: uint
// expect: int
// expect: int64
// expect: int64
// expect: int64
// expect: int64
// expect: uint64
// expect: uint
// expect: int
// expect: uint
// expect: int
// expect: int
// expect: int
