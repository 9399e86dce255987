// override on a method that does not override anything.
class Base {
  void f() {}
}
class Derived : Base {
  void g() override {}
}
void main() {}

// expect-error: 5 Method 'void Derived::g()' marked as override but does not replace any base class or interface method
