// 2.38: a member the constructor initialises may not be used before that.
// angelc-only: 2.38 feature (checked against ashost-2.38)
class Foo {
  Foo(int a) {
    int x = c;
    c = x + 1;
  }
  int c = 1;
}
void main() { Foo f(1); }
// expect-error: 6 The member 'c' is accessed before the initialization
