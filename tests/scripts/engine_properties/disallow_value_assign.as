// engine-property: DISALLOW_VALUE_ASSIGN_FOR_REF_TYPE=1
// Value assignment of a reference type is an error, also through a handle and for registered
// reference types such as array.
class A { int v; }
void main() {
  A a, b;
  A@ h = a;
  array<int> x, y;
  y = x;
  h = b;
}
// expect-error: 9 Value assignment on reference types is not allowed. Did you mean to do a handle assignment?
