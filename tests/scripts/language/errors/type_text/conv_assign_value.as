// Assigning a value of another type to an object of a value type: the reference first converts
// it to the target's type, shown as a reference (`string&`), and reports that it can't (a value
// of the same type without a fitting opAssign is 'No appropriate opAssign method found').
class A {}
void main() {
  A a;
  string s;
  s = a;
}
// expect-error: 8 Can't implicitly convert from 'A&' to 'string&'.
