// Value assignment between objects of different derived classes through base handles.
class Base {}
class Derived1 : Base { string a; }
class Derived2 : Base { double a; }
void main() {
  Derived1 d1;
  Derived2 d2;
  Base@ b1 = d1, b2 = d2;
  b1 = b2;
}
// expect-exception: Mismatching types in value assignment
