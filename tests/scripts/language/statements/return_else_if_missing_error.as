// An else-if chain without a final else does not return on all paths.
int sign(int x) {
  if (x > 0) return 1;
  else if (x < 0) return -1;
}
void main() {
  print("" + sign(5) + "\n");
}

// expect-error: 2 Not all paths return a value
