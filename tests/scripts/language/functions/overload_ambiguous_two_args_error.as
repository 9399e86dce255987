// Each candidate is better for a different argument: ambiguous.
void f(int a, double b) { print("1\n"); }
void f(double a, int b) { print("2\n"); }
void main() {
  f(1, 1);
}

// expect-error: 5 Multiple matching signatures to 'f(const int, const int)'
