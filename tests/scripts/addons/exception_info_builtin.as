// getExceptionInfo() for engine exceptions raised in called functions.
int div(int a, int b) { return a / b; }
void main() {
  try { div(1, 0); } catch { print(getExceptionInfo() + "\n"); }
  array<int> a;
  try { a[5] = 1; } catch { print(getExceptionInfo() + "\n"); }
  print("[" + getExceptionInfo() + "]\n");
}

// expect: Divide by zero
// expect: Index out of bounds
// expect: [Index out of bounds]
