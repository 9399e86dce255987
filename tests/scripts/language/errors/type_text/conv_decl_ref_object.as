// A local of a reference type initialised from a value of another type: the target is shown as
// a reference (`B&`), the value as its expression (`A&` for a local object).
class A {}
class B {}
void main() {
  A a;
  B b = a;
}
// expect-error: 7 Can't implicitly convert from 'A&' to 'B&'.
