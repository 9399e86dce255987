// 2.38: a member cannot be initialised in a loop of the constructor.
// reference: 2.38 (2.38 feature; 2.35.1 differs)
class Bar { Bar(int a) {} }
class Foo {
  Foo(int a) {
    for (int i = 0; i < 1; i++)
      b = Bar(2);
  }
  Bar@ h;
  Bar b = Bar(1);
}
void main() { Foo f(1); }
// expect-error: 7 Can't initialize the members in loops
