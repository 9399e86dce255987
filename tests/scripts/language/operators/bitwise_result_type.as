// The result type of & | ^ with mixed operands is the type of the left operand.
void f(int x) { print("int " + x + "\n"); }
void f(uint x) { print("uint " + x + "\n"); }
void f(int64 x) { print("int64 " + x + "\n"); }
void f(uint64 x) { print("uint64 " + x + "\n"); }
void main() {
  int i = -1; uint u = 0xFFFF; int64 l = -1; uint64 ul = 1;
  f(i & u);
  f(u & i);
  f(i | u);
  f(u ^ i);
  f(i & l);
  f(l & u);
  f(ul | i);
  f(~u);
  f(~i);
}

// expect: int 65535
// expect: uint 65535
// expect: int -1
// expect: uint 4294901760
// expect: int64 -1
// expect: int64 65535
// expect: uint64 18446744073709551615
// expect: uint 4294901760
// expect: uint 0
