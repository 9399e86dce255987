// Recursion 10000 levels deep works (no stack limit by default).
int depth(int n) {
  if (n == 0) return 0;
  return 1 + depth(n - 1);
}
double sum(int n, double acc) {
  if (n == 0) return acc;
  return sum(n - 1, acc + n);
}
void main() {
  print("" + depth(10000) + "\n");
  print("" + sum(10000, 0) + "\n");
}

// expect: 10000
// expect: 5.0005e+07
