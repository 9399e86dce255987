// engine-property: BOOL_CONVERSION_MODE=1
// reference: 2.38 (asEP_BOOL_CONVERSION_MODE is 2.38's)
// && and || with an object on both sides are looked up as an operator of the two objects, which
// does not exist, even when both convert to bool.
class B { bool opImplConv() const { return true; } }
void main() {
  B a, b;
  if (a && b) print("both\n");
}
// expect-error: 8 No matching operator that takes the types 'B&' and 'B&' found
