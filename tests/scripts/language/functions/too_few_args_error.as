// Calling with too few arguments.
void f(int a, int b) { print("" + a + b + "\n"); }
void main() {
  f(1);
}

// expect-error: 4 No matching signatures to 'f(const int)'
