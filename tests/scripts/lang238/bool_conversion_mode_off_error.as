// reference: 2.38 (the message's type text; 2.35.1 has no contextual conversion either)
// Without BOOL_CONVERSION_MODE (0, the default) an object is no condition even with an
// opImplConv returning bool: "Expression must be of boolean type, instead found 'B&'" (as an
// operand of && "No conversion from 'B&' to 'bool' available.", of ! "Illegal operation on this
// datatype").
class B { bool opImplConv() const { return true; } }
void main() {
  B b;
  if (b) print("b\n");
}
// expect-error: 9 Expression must be of boolean type, instead found 'B&'
