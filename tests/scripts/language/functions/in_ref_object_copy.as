// A reference-type object passed to a non-const `&in` parameter is a copy (made with the copy
// constructor when the class has one): the callee's changes do not reach the caller's object.
// A `const &in` parameter gets the object itself.
class Foo { int v = 1; Foo() {} Foo(const Foo &in o) { print("copy\n"); v = o.v; } }
class Bar { int v = 1; }
void f(Foo &in y) { y.v = 5; }
void g(const Foo &in y) { print("g " + y.v + "\n"); }
void h(Bar &in b) { b.v = 7; }
void arr(array<int> &in a) { a.insertLast(1); }
void main() {
  Foo p;
  f(p);
  print(p.v + "\n");
  g(p);
  Bar b;
  h(b);
  print(b.v + "\n");
  array<int> x;
  arr(x);
  print(x.length() + "\n");
}
// expect: copy
// expect: 1
// expect: g 1
// expect: 1
// expect: 0
