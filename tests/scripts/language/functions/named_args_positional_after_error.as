// A positional argument may not follow a named one.
void f(int a, int b) { print("" + a + b + "\n"); }
void main() {
  f(a: 1, 2);
}

// expect-error: 4 Positional arguments cannot be passed after named arguments
