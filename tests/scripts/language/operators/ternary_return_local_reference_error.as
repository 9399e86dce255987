// Returning `c ? a : b` by reference where a branch is a local variable.
int &f(bool c) {
  int a = 1, b = 2;
  return c ? a : b;
}
void main() {}
// expect-error: 4 Resulting reference cannot be returned
