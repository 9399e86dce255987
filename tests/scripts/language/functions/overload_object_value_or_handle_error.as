// For an object argument, T by value and T@ are equally good: ambiguous.
class Foo {}
int f(Foo) { return 1; }
int f(Foo@) { return 2; }
void main() {
  Foo x;
  f(x);
}
// expect-error: 7 Multiple matching signatures to 'f(Foo
