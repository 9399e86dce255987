// Regression (angelc got this wrong before): value assignment through a base handle to an object of a derived class silently copies; reference raises "Mismatching types in value assignment".
// A9: value assignment between script objects of different dynamic types.
class B { int v = 1; }
class D : B { int w = 2; }
void main() {
  B@ b = D();
  B plain;
  b = plain;
  print("after\n");
}
// expect-exception: Mismatching types in value assignment
