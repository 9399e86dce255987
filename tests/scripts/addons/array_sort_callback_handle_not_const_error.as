// A sort callback for an array of handles must take read-only handles (2.38: the funcdef is
// `bool less(const N@ const &in, const N@ const &in)`, and a function taking `const N@ &in` has
// another signature).
// reference: 2.38
class N { int v; N(int x) { v = x; } }
bool lessN(const N@ &in a, const N@ &in b) { return a.v < b.v; }
void main() {
  array<N@> a = {N(3), N(1), N(2)};
  a.sort(lessN);
}

// expect-error: 9 No matching signatures to 'array::sort(::lessN)'
