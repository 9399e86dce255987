// Which type a decimal integer literal gets, revealed through overload resolution.
// int if it fits in 32 bits signed, int64 if it fits in 63 bits, else uint64.
void f(int x) { print("int\n"); }
void f(int64 x) { print("int64\n"); }
void f(uint x) { print("uint\n"); }
void f(uint64 x) { print("uint64\n"); }
void f(double x) { print("double\n"); }
void main() {
  f(0);
  f(1);
  f(2147483647);
  f(2147483648);
  f(4294967295);
  f(4294967296);
  f(9223372036854775807);
  f(9223372036854775808);
  f(18446744073709551615);
}

// expect: int
// expect: int
// expect: int
// expect: int64
// expect: int64
// expect: int64
// expect: int64
// expect: uint64
// expect: uint64
