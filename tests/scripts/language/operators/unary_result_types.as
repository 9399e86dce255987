// Result types of unary operators: ~x gives the UNSIGNED type of x's size, -x the SIGNED type of
// x's size; small types are not promoted to 32 bits by unary operators (binary ones promote).
void f(int8 x) { print("int8 " + x + "\n"); }
void f(int16 x) { print("int16 " + x + "\n"); }
void f(int x) { print("int " + x + "\n"); }
void f(int64 x) { print("int64 " + x + "\n"); }
void f(uint8 x) { print("uint8 " + x + "\n"); }
void f(uint16 x) { print("uint16 " + x + "\n"); }
void f(uint x) { print("uint " + x + "\n"); }
void f(uint64 x) { print("uint64 " + x + "\n"); }
void main() {
  int8 a = 5; int16 b = 5; int c = 5; int64 d = 5; uint8 e = 5; uint16 g = 5; uint h = 5; uint64 k = 5;
  f(~a); f(~b); f(~c); f(~d); f(~e); f(~g); f(~h); f(~k);
  f(-a); f(-b); f(-c); f(-d); f(-e); f(-g); f(-h); f(-k);
  f(~5);
  f(-5);
  f(~0xFF);
}

// expect: uint8 250
// expect: uint16 65530
// expect: uint 4294967290
// expect: uint64 18446744073709551610
// expect: uint8 250
// expect: uint16 65530
// expect: uint 4294967290
// expect: uint64 18446744073709551610
// expect: int8 -5
// expect: int16 -5
// expect: int -5
// expect: int64 -5
// expect: int8 -5
// expect: int16 -5
// expect: int -5
// expect: int64 -5
// expect: uint 4294967290
// expect: int -5
// expect: uint 4294967040
