// A double argument with only integer candidates of different sizes is ambiguous.
void g(int x) { print("int\n"); }
void g(int64 x) { print("int64\n"); }
void main() {
  double d = 1.5;
  g(d);
}

// expect-error: 6 Multiple matching signatures to 'g(double)'
