// A4: local declarations with constructor args / default ctor / null handle / const / init list,
// nested blocks and shadowing, `for` with two variables, empty condition and two increments,
// `do` with a single statement, expression statements and empty statements.
class P { int x, y; P() { x = -1; y = -1; } P(int a, int b) { x = a; y = b; } }
void main() {
  P p(1, 2);
  P q;
  P@ h;
  const int k = 3, m = k * 2;
  array<int> arr = {k, m};
  print("" + p.x + p.y + " " + q.x + " " + (h is null) + " " + arr[1] + "\n");
  int i = 1;
  {
    int i2 = i + 1;
    { int i = 10; print("" + i + " " + i2 + "\n"); }
  }
  for (int a = 0, b = 10; ; a++, b--) { if (a >= b) { print("" + a + " " + b + "\n"); break; } }
  int n = 0;
  do n++; while (n < 3);
  print("" + n + "\n");
  i;
  ;
  1 + 2;
}
// expect: 12 -1 true 6
// expect: 10 2
// expect: 5 5
// expect: 3
