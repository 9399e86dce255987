// Overloads by number of parameters.
void f() { print("0\n"); }
void f(int a) { print("1\n"); }
void f(int a, int b) { print("2\n"); }
void f(int a, int b, int c) { print("3\n"); }
void main() {
  f();
  f(1);
  f(1, 2);
  f(1, 2, 3);
}

// expect: 0
// expect: 1
// expect: 2
// expect: 3
