// foreach (2.38) over a type without the for-each operators: reported at the loop's body.
// angelc-only: 2.38 feature (checked against ashost-2.38)
void main() {
  int x = 3;
  foreach (int v : x)
  {
  }
}
// expect-error: 6 Type 'int' is not valid type for foreach loops
