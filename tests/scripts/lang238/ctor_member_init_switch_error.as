// 2.38: a member cannot be initialised in a switch of the constructor.
// angelc-only: 2.38 feature (checked against ashost-2.38)
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
