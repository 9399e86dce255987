// == != < <= > >= on int, uint, int64, float, double.
void row(bool a, bool b, bool c, bool d, bool e, bool f) {
  print("" + a + " " + b + " " + c + " " + d + " " + e + " " + f + "\n");
}
void main() {
  int a = 3, b = 5;
  row(a == b, a != b, a < b, a <= b, a > b, a >= b);
  row(a == a, a != a, a < a, a <= a, a > a, a >= a);
  uint u = 4000000000, v = 5;
  row(u == v, u != v, u < v, u <= v, u > v, u >= v);
  int64 l = -10000000000, m = 10000000000;
  row(l == m, l != m, l < m, l <= m, l > m, l >= m);
  float f = 1.5f, g = 1.25f;
  row(f == g, f != g, f < g, f <= g, f > g, f >= g);
  double d = -0.5, e = -0.5;
  row(d == e, d != e, d < e, d <= e, d > e, d >= e);
}

// expect: false true true true false false
// expect: true false false true false true
// expect: false true false false true true
// expect: false true true true false false
// expect: false true false false true true
// expect: true false false true false true
