// Named arguments in any order, and mixed after positional ones.
void f(int a, int b, int c = 30) { print("" + a + " " + b + " " + c + "\n"); }
void main() {
  f(a: 1, b: 2);
  f(b: 2, a: 1);
  f(1, c: 3, b: 2);
  f(c: 0, b: 5, a: 9);
}

// expect: 1 2 30
// expect: 1 2 30
// expect: 1 2 3
// expect: 9 5 0
