// namespace A::B { } is shorthand for nested namespaces.
namespace A::B {
  int f() { return 5; }
}
void main() {
  print("" + A::B::f() + "\n");
}

// expect: 5
