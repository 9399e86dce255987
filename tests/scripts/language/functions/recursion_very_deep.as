// Recursion 30000 levels deep: the reference grows its stack without limit (MAX_STACK_SIZE 0).
// (100000 levels also work there but take >10 s because of how the reference grows its stack.)
int depth(int n) {
  if (n == 0) return 0;
  return 1 + depth(n - 1);
}
void main() {
  print("" + depth(30000) + "\n");
}

// expect: 30000
