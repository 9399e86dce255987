// A uint argument with int and int64 candidates (both a sign change) is ambiguous.
void f(int x) { print("int\n"); }
void f(int64 x) { print("int64\n"); }
void main() {
  uint u = 1;
  f(u);
}

// expect-error: 6 Multiple matching signatures to 'f(uint)'
