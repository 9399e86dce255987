// A private constructor is for the class's own methods.
class A {
  private A() {}
  A(int) {}
  A @create() { return A(); }
}
void func() {
  A b(1);
  A a;
}
void main() {}
// expect-error: 9 Illegal call to private method 'A@ A()'
