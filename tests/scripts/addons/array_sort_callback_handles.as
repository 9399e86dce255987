// sort(less) on an array of handles: the callback takes references to read-only handles
// (`const T&in if_handle_then_const` with T = N@: const N@ const &in).
// reference: 2.38 (2.35.1's funcdef is bool less(const N@&in, const N@&in))
class N { int v; N(int x) { v = x; } }
bool lessN(const N@ const &in a, const N@ const &in b) { return a.v < b.v; }
void main() {
  array<N@> a = {N(3), N(1), N(2)};
  a.sort(lessN);
  print("" + a[0].v + a[1].v + a[2].v + "\n");
  a.sort(function(a, b) { return a.v > b.v; });
  print("" + a[0].v + a[1].v + a[2].v + "\n");
}

// expect: 123
// expect: 321
