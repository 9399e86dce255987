// A class without constructors whose base class has no default constructor: the constructor the
// compiler writes can't call the base's, reported at the class.
class Foo {
  Foo(int a) {}
}
class Bar : Foo {
  void func() {}
}
void main() {}
// expect-error: 6 Base class doesn't have default constructor. Make explicit call to base constructor
