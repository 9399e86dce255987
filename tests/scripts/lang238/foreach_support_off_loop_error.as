// engine-property: FOREACH_SUPPORT=0
// reference: 2.38 (asEP_FOREACH_SUPPORT is 2.38's)
// With FOREACH_SUPPORT=0 a foreach loop is a call of a function named foreach whose first
// argument `int x` is a syntax error: `int` must be followed by '(' (a conversion).
void main() {
  int[] a = {1, 2};
  foreach (int x : a) print(x + "\n");
}
// expect-error: 7 Expected '('
