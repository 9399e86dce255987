// A4: compiler warnings (EP:COMPILER_WARNINGS 1 by default), as the reference prints them.
void f() {
  return;
  print("x\n");
}
void main() {
  double d = 1.5;
  int e = d;
  int u;
  int z = u;
  int i = 1;
  { int i = 2; }
  f();
  print("" + e + "\n");
}
// expect: 1
// expect-warning: 4 Unreachable code
// expect-warning: 8 Float value truncated in implicit conversion to integer
// expect-warning: 10 'u' is not initialized.
// expect-warning: 12 Variable 'i' hides another variable of same name in outer scope
