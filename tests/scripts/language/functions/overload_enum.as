// An enum argument prefers an enum parameter, then int, then other signed sizes,
// then unsigned types, then float/double.
enum E { A = 1 }
void f(E e) { print("E\n"); }
void f(int x) { print("int\n"); }
void g(int x) { print("int\n"); }
void g(int64 x) { print("int64\n"); }
void h(int8 x) { print("int8\n"); }
void h(uint x) { print("uint\n"); }
void k(uint x) { print("uint\n"); }
void k(double x) { print("double\n"); }
void main() {
  f(A);
  f(1);
  g(A);
  h(A);
  k(A);
}

// expect: E
// expect: int
// expect: int
// expect: int8
// expect: uint
