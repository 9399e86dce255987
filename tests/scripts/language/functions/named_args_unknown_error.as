// Naming a parameter that does not exist.
void f(int a, int b) { print("" + a + b + "\n"); }
void main() {
  f(a: 1, x: 2);
}

// expect-error: 4 No matching signatures to 'f(x: const int, a: const int)'
