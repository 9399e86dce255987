// A class with only a parameterised constructor cannot be default constructed.
class A {
  A(int x) {}
}
void main() {
  A a;
}

// expect-error: 6 No default constructor for object of type 'A'.
