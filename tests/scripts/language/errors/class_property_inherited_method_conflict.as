// A property may not be named like a method the class inherits (a private one too).
class B { private void x() {} }
class A : B {
  int x;
}
void main() { print("x\n"); }
// expect-error: 4 Name conflict. 'x' is a class method.
