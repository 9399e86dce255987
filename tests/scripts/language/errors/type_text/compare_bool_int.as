// == and != between a bool and an integer convert the integer to bool (and can't); a < b < c
// converts the bool to int (operators/compare_chain_error.as).
void main() {
  bool b = true;
  if (1 == b) {}
}
// expect-error: 5 No conversion from 'int' to 'bool' available.
