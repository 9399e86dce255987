// The same name given to two arguments, reported at the first one's value.
void func(int a, int b) {}
void main() {
  func(a: 4, a: 6);
}
// expect-error: 4 Duplicate named argument
