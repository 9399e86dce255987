// 2.38: a member initialised in the constructor's body must be initialised on every path: not
// after a return that may have happened.
// reference: 2.38 (2.38 feature; 2.35.1 differs)
class Bar { Bar(int a) { value = a; } int value; }
class Foo {
  Foo(int v) {
    a = Bar(0);
    if (v == 0) return;
    b = Bar(0);
  }
  Foo(float v) {
    b = Bar(0);
    if (v == 0) { a = Bar(0); return; }
    else { a = Bar(1); return; }
  }
  Bar a, b;
}
void main() {}
// expect-error: 9 Initialization after return. All code paths must initialize the members
