// A method (with a return type) cannot have the class's name.
class A {
  void A() {}
}
void main() {}
// expect-error: 3 The method cannot be named with the class name
