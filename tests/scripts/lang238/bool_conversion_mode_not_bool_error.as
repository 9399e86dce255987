// engine-property: BOOL_CONVERSION_MODE=1
// reference: 2.38 (asEP_BOOL_CONVERSION_MODE is 2.38's)
// The contextual conversion needs an operator returning bool: an opImplConv returning int is
// "Can't implicitly convert from 'I&' to 'bool'." (then "Expression must be of boolean type").
class I { int opImplConv() const { return 1; } }
void main() {
  I i;
  while (i) {}
}
// expect-error: 8 Can't implicitly convert from 'I&' to 'bool'.
