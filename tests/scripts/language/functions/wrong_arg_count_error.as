// Calling with too many arguments.
void f(int a) { print("" + a + "\n"); }
void main() {
  f(1, 2);
}

// expect-error: 4 No matching signatures to 'f(const int, const int)'
