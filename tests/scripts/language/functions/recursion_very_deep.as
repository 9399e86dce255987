// Recursion 100000 levels deep: the reference grows its stack without limit (MAX_STACK_SIZE 0).
int depth(int n) {
  if (n == 0) return 0;
  return 1 + depth(n - 1);
}
void main() {
  print("" + depth(100000) + "\n");
}

// expect: 100000
