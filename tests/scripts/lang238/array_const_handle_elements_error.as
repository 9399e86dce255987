// The handles in a const array of handles cannot be reassigned (2.38; 2.35.1 allows it).
// reference: 2.38 (2.38 behaviour; 2.35.1 differs)
class Bar {}
void main() {
  array<Bar@> a = { Bar() };
  const array<Bar@>@ h = a;
  @h[0] = null;
}
// expect-error: 7 Reference is read-only
