// Two functions with the same signature: error.
void f(int a) {}
void f(int b) {}
void main() {
  f(1);
}

// expect-error: 3 A function with the same name and parameters already exists
