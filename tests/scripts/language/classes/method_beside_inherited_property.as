// A method may share its name with a property (or a virtual property) the class inherits: the
// reference allows the declaration (not a property beside a method of its own class:
// errors/class_property_method_name_conflict.as). (Calling a.x() or a.v() is then an error in
// the reference, which finds the property first; angelc calls the method: not tested here.)
class B {
  int x = 3;
  int v { get { return 4; } }
}
class A : B {
  int x() { return 10; }
  int v() { return 20; }
}
void main() {
  A a;
  B@ b = a;
  print("" + b.x + " " + b.v + "\n");
}
// expect: 3 4
