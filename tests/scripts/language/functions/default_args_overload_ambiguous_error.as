// A default argument that makes two overloads match the same call: ambiguous.
void f(int a) { print("1\n"); }
void f(int a, int b = 0) { print("2\n"); }
void main() {
  f(1);
}

// expect-error: 5 Multiple matching signatures to 'f(const int)'
