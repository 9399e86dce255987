// Giving the same parameter twice (positionally and by name).
void f(int a, int b) { print("" + a + b + "\n"); }
void main() {
  f(1, a: 2);
}

// expect-error: 4 No matching signatures to 'f(const int, a: const int)'
