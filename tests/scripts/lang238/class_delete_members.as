// `delete` (2.38) on the members the compiler would write: the default constructor, the copy
// constructor, opAssign. Members of such a class are made from their declaration or in the
// constructor; handles to it work as usual; the containing class's own opAssign skips them.
// reference: 2.38 (2.38 feature; 2.35.1 differs)
class Bar {
  Bar() delete;
  Bar(const Bar &in) delete;
  Bar &opAssign(const Bar &in) delete;
  Bar(int a) { value = a; }
  int value;
}
class Foo {
  Foo() { print("Foo() " + b.value + "\n"); }
  Foo(int a) { b = Bar(a); print("Foo(int) " + b.value + "\n"); }
  Bar b = Bar(1);
}
class Object {
  Object(float a, float b) { _a = a; _b = b; }
  Object() delete;
  Object(Object &in) delete;
  Object &opAssign(Object &in) delete;
  float _a, _b;
}
class Holder {
  Object me(a: 1, b: 2);
}
void main() {
  Foo f;
  Foo g(2);
  f = g;
  Bar x(5);
  Bar@ h = x;
  print("" + h.value + "\n");
  Holder o;
  print(o.me._a + " " + o.me._b + "\n");
}
// expect: Foo() 1
// expect: Foo(int) 2
// expect: 5
// expect: 1 2
