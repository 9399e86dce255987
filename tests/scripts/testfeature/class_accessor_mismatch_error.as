// A method accessor's value type against the class's first accessor of the other kind.
class A {
  void set_b(float) property {}
  void set_b(int) property {}
  int get_b() property { return 0; }
}
// expect-error: 5 The property 'b' has mismatching types for the get and set accessors
void main() {}
