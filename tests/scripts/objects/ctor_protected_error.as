// A protected constructor is for the class's and derived classes' methods.
class A {
  A(int) {}
  protected A(float) {}
}
class B : A {
  B() { super(1); }
  A @create2() { return A(1.4f); }
}
void func() {
  A c(1.4f);
}
void main() {}
// expect-error: 11 Illegal call to protected method 'A@ A(float)'
