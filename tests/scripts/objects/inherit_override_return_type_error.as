// A method overriding a base class method must return the same type.
class P {
  int MyFunc(float) { return 0; }
}
class D : P {
  float MyFunc(float) { return 0; }
}
void main() {}
// expect-error: 5 The method in the derived class must have the same return type as in the base class: 'int P::MyFunc(float)'
