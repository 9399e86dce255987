// A class property may not share its name with a method of the class, declared before or after
// it: the reference reports each property, in order, after the classes are declared.
class A {
  int y;
  void x() {}
  int x;
  void y(int a) {}
}
void main() { print("x\n"); }
// expect-error: 4 Name conflict. 'y' is a class method.
