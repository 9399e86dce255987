// A derived constructor without super(...) when the base has no default constructor.
class Base {
  Base(int x) {}
}
class Derived : Base {
  Derived() {}
}
void main() {}

// expect-error: 6 Base class doesn't have default constructor. Make explicit call to base constructor
