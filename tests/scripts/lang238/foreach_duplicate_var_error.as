// foreach (2.38) declaring the same variable twice: reported at the foreach.
// angelc-only: 2.38 feature (checked against ashost-2.38)
void main() {
  array<int> a;
  foreach (int v,
           uint v : a) {}
}
// expect-error: 5 'v' is already declared
