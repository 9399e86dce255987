// reference: 2.38 (2.38's wording)
// Without BOOL_CONVERSION_MODE, ! on an object is an illegal operation (there is no opNot).
class B { bool opImplConv() const { return true; } }
void main() {
  B b;
  bool x = !b;
}
// expect-error: 6 Illegal operation on this datatype
