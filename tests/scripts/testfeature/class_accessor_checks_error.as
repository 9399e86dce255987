// The same checks on accessors declared as methods: signature, types, names; a method declared
// after an accessor of its name is reported as "an object property".
class A {
  int get_i(int i) property { return i; }
  int get_foo2() property { return 0; }
  void foo2() {}
}
// expect-error: 6 Name conflict. 'foo2' is an object property.
void main() {}
