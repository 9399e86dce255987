// foreach (2.38) over a type without the for-each operators: reported at the loop's body.
// reference: 2.38 (2.38 feature; 2.35.1 differs)
void main() {
  int x = 3;
  foreach (int v : x)
  {
  }
}
// expect-error: 6 Type 'int' is not valid type for foreach loops
