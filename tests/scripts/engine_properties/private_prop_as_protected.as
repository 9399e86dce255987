// engine-property: PRIVATE_PROP_AS_PROTECTED=1
// A derived class may use its parent's private properties (with a warning); private methods
// stay private.
class A { private int x = 5; }
class B : A { int g() { return x + 1; } }
void main() {
  B b;
  print(b.g() + "\n");
}
// expect: 6
