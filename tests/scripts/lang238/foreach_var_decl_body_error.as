// The body of a foreach (2.38) is a statement: a bare variable declaration is not one.
// angelc-only: 2.38 feature (checked against ashost-2.38)
void main() {
  array<int> a;
  foreach (int v : a)
    int x = v;
}
// expect-error: 6 Unexpected variable declaration
