// 2.38: an `explicit` copy constructor is not called for the copy a non-const &in argument
// needs, nor for `Foo q = p;` (which then needs opAssign).
// reference: 2.38 (2.38 feature; 2.35.1 differs)
class Foo {
  Foo() {}
  Foo(const Foo &in x) explicit {}
  Foo &opAssign(const Foo &in x) delete;
}
void Bar(Foo &in y) {}
void main() {
  Foo p;
  Foo s(p);
  Bar(Foo(p));
  Bar(p);
}
// expect-error: 14 Can't implicitly call explicit copy constructor
