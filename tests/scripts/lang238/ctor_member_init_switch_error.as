// 2.38: a member cannot be initialised in a switch of the constructor.
// reference: 2.38 (2.38 feature; 2.35.1 differs)
class Foo {
  Foo(int a) {
    switch (a) {
    case 1: c = 2; break;
    }
  }
  int c = 1;
}
void main() { Foo f(1); }
// expect-error: 6 Can't initialize the members in switch
