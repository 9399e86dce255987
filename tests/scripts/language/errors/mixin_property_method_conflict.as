// A property a mixin brings is checked against the class's methods; the reference reports it
// at the mixin's declaration.
mixin class M { int x; }
class A : M {
  void x() {}
}
void main() { print("x\n"); }
// expect-error: 3 Name conflict. 'x' is a class method.
// expect-info: 4 Previous error occurred while including mixin
