// Binary operators promote int8/int16 to int and uint8/uint16 to uint.
void f(int8 x) { print("int8 " + x + "\n"); }
void f(int x) { print("int " + x + "\n"); }
void f(uint8 x) { print("uint8 " + x + "\n"); }
void f(uint x) { print("uint " + x + "\n"); }
void main() {
  int8 a = 5; int16 b = 5; uint8 e = 5; uint16 g = 5;
  f(a + a);
  f(a * b);
  f(e + e);
  f(g - e);
  f(a << 1);
  f(e << 1);
  f(e & e);
  f(a & a);
  f(a ^ e);
  f(a ** a);
  f(e ** e);
  f(e / e);
}

// expect: int 10
// expect: int 25
// expect: uint 10
// expect: uint 0
// expect: int 10
// expect: uint 10
// expect: uint 5
// expect: int 5
// expect: int 0
// expect: int 3125
// expect: uint 3125
// expect: uint 1
