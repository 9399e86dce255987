// Overriding a final method.
class Base {
  void f() final {}
}
class Derived : Base {
  void f() {}
}
void main() {}

// expect-error: 5 Method 'void Base::f()' declared as final and cannot be overridden
