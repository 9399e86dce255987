// Two parameters with the same name.
void f(int a, int a) {}
void main() {
  f(1, 2);
}

// expect-error: 2 Parameter already declared
