// throw() and getExceptionInfo() in catch blocks.
void risky(int n) {
  if (n > 2) throw("too big: " + n);
  print("ok " + n + "\n");
}
void main() {
  for (int i = 1; i <= 4; i++) {
    try { risky(i); }
    catch { print("caught [" + getExceptionInfo() + "]\n"); }
  }
}

// expect: ok 1
// expect: ok 2
// expect: caught [too big: 3]
// expect: caught [too big: 4]
