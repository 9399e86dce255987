// 2.38: a member initialised in one branch of an if must be initialised in the other too.
// reference: 2.38 (2.38 feature; 2.35.1 differs)
class Foo {
  Foo(int a) {
    if (a > 0)
      c = 2;
  }
  int c = 1;
}
void main() { Foo f(1); }
// expect-error: 5 Both conditions must initialize member 'c'
