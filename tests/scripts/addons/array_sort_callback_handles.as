// sort(less) on an array of handles: the callback takes references to the handles.
class N { int v; N(int x) { v = x; } }
bool lessN(const N@ &in a, const N@ &in b) { return a.v < b.v; }
void main() {
  array<N@> a = {N(3), N(1), N(2)};
  a.sort(lessN);
  print("" + a[0].v + a[1].v + a[2].v + "\n");
  a.sort(function(a, b) { return a.v > b.v; });
  print("" + a[0].v + a[1].v + a[2].v + "\n");
}

// expect: 123
// expect: 321
