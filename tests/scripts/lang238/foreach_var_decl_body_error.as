// The body of a foreach (2.38) is a statement: a bare variable declaration is not one.
// reference: 2.38 (2.38 feature; 2.35.1 differs)
void main() {
  array<int> a;
  foreach (int v : a)
    int x = v;
}
// expect-error: 6 Unexpected variable declaration
