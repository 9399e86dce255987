// cast<F>(r) with a funcdef target: ref holds function handles; a funcdef of the same
// signature takes them, another signature gives null.
funcdef int F(int);
funcdef int G(int);
funcdef int H(float);
int twice(int x) { return 2 * x; }
void main() {
  F@ f = twice;
  ref r(@f);
  G@ g = cast<G>(r);
  H@ h = cast<H>(r);
  print("" + (g is null) + " " + (h is null) + " " + g(5) + "\n");
  ref r2(r);
  @r = null;
  @f = null;
  @g = null;
  F@ f3 = cast<F>(r2);
  print("" + f3(21) + "\n");
}

// expect: false true 10
// expect: 42
