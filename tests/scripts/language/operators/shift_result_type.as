// The result type of a shift is the type of the left operand (after promotion of small types).
void f(int x) { print("int " + x + "\n"); }
void f(uint x) { print("uint " + x + "\n"); }
void f(int64 x) { print("int64 " + x + "\n"); }
void f(uint64 x) { print("uint64 " + x + "\n"); }
void main() {
  int i = 1; uint u = 1; int64 l = 1; uint64 ul = 1; int8 i8 = 1; uint8 u8 = 1;
  f(i << u);
  f(u << i);
  f(i << l);
  f(l << i);
  f(ul >> i);
  f(i8 << i);
  f(u8 << i);
  f(u >>> i);
}

// expect: int 2
// expect: uint 2
// expect: int 2
// expect: int64 2
// expect: uint64 0
// expect: int 2
// expect: uint 2
// expect: uint 0
