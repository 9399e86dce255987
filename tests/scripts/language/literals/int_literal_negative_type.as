// A negated literal: -2147483648 is typed from the positive literal 2147483648 (int64).
void f(int x) { print("int\n"); }
void f(int64 x) { print("int64\n"); }
void f(uint64 x) { print("uint64\n"); }
void main() {
  f(-1);
  f(-2147483647);
  f(-2147483648);
  f(-2147483649);
  f(-9223372036854775807);
}

// expect: int
// expect: int
// expect: int64
// expect: int64
// expect: int64
