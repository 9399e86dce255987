// A5: const globals with constant initialisers as array size and case label; folded literals.
const uint N = 2 + 3;
const int K = N * 2;
void main() {
  array<int> a(N);
  int8 x = 100 + 27;
  double d = 1 / 2;
  switch (10) { case K: print("K\n"); break; default: print("other\n"); }
  print("" + a.length() + " " + x + " " + d + "\n");
}
// expect: K
// expect: 5 127 0
