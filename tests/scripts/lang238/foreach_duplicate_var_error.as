// foreach (2.38) declaring the same variable twice: reported at the foreach.
// reference: 2.38 (2.38 feature; 2.35.1 differs)
void main() {
  array<int> a;
  foreach (int v,
           uint v : a) {}
}
// expect-error: 5 'v' is already declared
