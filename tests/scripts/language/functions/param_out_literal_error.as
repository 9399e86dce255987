// An &out argument must be an lvalue.
void f(int &out x) { x = 1; }
void main() {
  f(5);
}

// expect-error: 4 Output argument expression is not assignable
