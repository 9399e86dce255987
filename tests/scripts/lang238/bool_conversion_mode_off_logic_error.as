// reference: 2.38 (2.38's wording)
// Without BOOL_CONVERSION_MODE an object as an operand of && is not converted to bool.
class B { bool opImplConv() const { return true; } }
void main() {
  B b;
  bool x = true && b;
}
// expect-error: 6 No conversion from 'B&' to 'bool' available.
