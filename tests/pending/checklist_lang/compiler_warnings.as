// angelc wrong: emits none of these warnings (the runner does not check warnings; compare stderr by hand): reference prints
//   7:3 Unreachable code; 11:11 Float value truncated in implicit conversion to integer;
//   13:11 'u' is not initialized.; 15:9 Variable 'i' hides another variable of same name in outer scope
// A4: compiler warnings (EP:COMPILER_WARNINGS 1 by default).
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
