// `const int[] &in` is a const array<int>; passing an int[] must match.
int first(const int[] &in a) { return a[0]; }
void main() {
  int[] a = {7};
  print("" + first(a) + "\n");
}

// expect: 7
