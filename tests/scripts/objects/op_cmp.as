// opCmp provides < <= > >= (and == when there is no opEquals).
class V {
  int v;
  V(int x) { v = x; }
  int opCmp(const V &in o) const { return v - o.v; }
}
void main() {
  V a(1), b(2), c(1);
  print("" + (a < b) + " " + (a <= c) + " " + (a > b) + " " + (b >= a) + "\n");
  print("" + (a == c) + " " + (a != b) + "\n");
}

// expect: true true false true
// expect: true true
