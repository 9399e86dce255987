// return; exits a void function early, also from inside loops.
void f(int n) {
  for (int i = 0; i < 10; i++) {
    if (i == n) { print("stop at " + i + "\n"); return; }
  }
  print("loop finished\n");
}
void main() {
  f(3);
  f(20);
  return;
}

// expect: stop at 3
// expect: loop finished
