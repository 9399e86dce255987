// "if (cond);" is rejected: "If with empty statement".
void main() {
  int x = 1;
  if (x == 1);
  print("x\n");
}

// expect-error: 4 If with empty statement
