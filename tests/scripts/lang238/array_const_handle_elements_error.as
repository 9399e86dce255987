// The handles in a const array of handles cannot be reassigned (2.38; 2.35.1 allows it).
// angelc-only: 2.38 behaviour (checked against ashost-2.38)
class Bar {}
void main() {
  array<Bar@> a = { Bar() };
  const array<Bar@>@ h = a;
  @h[0] = null;
}
// expect-error: 7 Reference is read-only
