// foreach (2.38) with more variables than the container has opForValueN methods.
// angelc-only: 2.38 feature (checked against ashost-2.38)
void main() {
  array<int> a;
  foreach (int v, uint i, int j : a)
    print("" + v);
}
// expect-error: 6 Type 'int[]@' is not valid type for foreach loops
