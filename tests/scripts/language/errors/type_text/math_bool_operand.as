// reference: 2.38 (2.35.1 fails an assertion on the constant bool operand)
// A bool in arithmetic is 'No conversion from 'bool' to math type available.' (without const,
// with the period); in a bitwise operation 'No conversion from 'bool' to 'int' available.'.
void main() {
  int i = true | 2;
}
// expect-error: 5 No conversion from 'bool' to 'int' available.
