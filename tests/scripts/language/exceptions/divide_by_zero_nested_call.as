// An exception deep in the call stack ends the script; earlier output is kept.
int divide(int a, int b) { return a / b; }
int compute(int x) { print("compute " + x + "\n"); return divide(100, x); }
void main() {
  print("" + compute(5) + "\n");
  print("" + compute(0) + "\n");
  print("never\n");
}

// expect: compute 5
// expect: 20
// expect: compute 0
// expect-exception: Divide by zero
