// Hex, binary, octal and 0d literals are unsigned: uint if they fit 32 bits, else uint64.
void f(int x) { print("int\n"); }
void f(int64 x) { print("int64\n"); }
void f(uint x) { print("uint\n"); }
void f(uint64 x) { print("uint64\n"); }
void main() {
  f(0x1);
  f(0x7FFFFFFF);
  f(0xFFFFFFFF);
  f(0x100000000);
  f(0b101);
  f(0o17);
  f(0d10);
  f(0d4294967296);
  f(0XFF);
  f(0B11);
  f(0O7);
  f(0D9);
}

// expect: uint
// expect: uint
// expect: uint
// expect: uint64
// expect: uint
// expect: uint
// expect: uint
// expect: uint64
// expect: uint
// expect: uint
// expect: uint
// expect: uint
