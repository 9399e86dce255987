// An int argument with float and double candidates is ambiguous.
void f(float x) { print("float\n"); }
void f(double x) { print("double\n"); }
void main() {
  int i = 1;
  f(i);
}

// expect-error: 6 Multiple matching signatures to 'f(int)'
