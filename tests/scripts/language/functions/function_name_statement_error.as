// A function's name on its own as a statement.
void func() {}
void main() {
  func;
}
// expect-error: 4 Invalid expression: ambiguous name
