// foreach (2.38) with more variables than the container has opForValueN methods.
// reference: 2.38 (2.38 feature; 2.35.1 differs)
void main() {
  array<int> a;
  foreach (int v, uint i, int j : a)
    print("" + v);
}
// expect-error: 6 Type 'int[]@' is not valid type for foreach loops
