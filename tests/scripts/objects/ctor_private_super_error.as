// super() cannot call the base class's private constructor.
class A {
  private A() {}
  A(int) {}
}
class B : A {
  B() { super(); }
}
void main() {}
// expect-error: 7 Illegal call to private method 'A::A()'
