// Evaluation order of named arguments.
int v(int x) { print("" + x + " "); return x; }
void f(int a, int b, int c) { print("| " + a + " " + b + " " + c + "\n"); }
void main() {
  f(c: v(3), a: v(1), b: v(2));
  f(v(1), c: v(3), b: v(2));
}

// expect: 3 2 1 | 1 2 3
// expect: 3 2 1 | 1 2 3
