// ++ needs an lvalue.
void main() {
  int a = 1;
  (a + 1)++;
  print("" + a + "\n");
}

// expect-error: 4 Reference is temporary
