// A6: there are no abstract methods, only abstract classes.
abstract class A {
  abstract void m();
}
void main() {}
// expect-error: 3 Expected method or property
