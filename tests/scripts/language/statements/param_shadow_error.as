// A local variable in the function's outermost block cannot redeclare a parameter.
void f(int a) {
  int a = 2;
  print("" + a + "\n");
}
void main() {
  f(1);
}

// expect-error: 3 'a' is already declared
