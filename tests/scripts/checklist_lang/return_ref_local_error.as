// A8: a function cannot return a reference to a local variable.
int &f() {
  int x = 1;
  return x;
}
void main() {}
// expect-error: 4
