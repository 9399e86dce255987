// 2.38: a member the constructor initialises may not be used before that.
// reference: 2.38 (2.38 feature; 2.35.1 differs)
class Foo {
  Foo(int a) {
    int x = c;
    c = x + 1;
  }
  int c = 1;
}
void main() { Foo f(1); }
// expect-error: 6 The member 'c' is accessed before the initialization
