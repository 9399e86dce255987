// The property/method check runs only when the declarations had no error: here the reference
// reports only the duplicate method of Z, after the conflict's line.
class A {
  int x;
  void x() {}
}
class Z {
  void f() {}
  void f() {}
}
void main() { print("x\n"); }
// expect-error: 9 A function with the same name and parameters already exists
