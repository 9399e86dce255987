// A bool in arithmetic is 'No conversion from 'bool' to math type available.' (without const,
// with the period); in a bitwise operation 'No conversion from 'bool' to 'int' available.'.
void main() {
  int i = true | 2;
}
// expect-error: 4 No conversion from 'bool' to 'int' available.
