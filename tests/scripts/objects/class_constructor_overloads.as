// Several constructor overloads; "V v = V(7, 8);" default-constructs v, then assigns a temporary.
class V {
  int a, b;
  V() { a = 0; b = 0; print("V()\n"); }
  V(int x) { a = x; b = 0; print("V(int)\n"); }
  V(int x, int y) { a = x; b = y; print("V(int,int)\n"); }
}
void main() {
  V v1;
  V v2(5);
  V v3(1, 2);
  V v4 = V(7, 8);
  print("" + v1.a + v1.b + " " + v2.a + v2.b + " " + v3.a + v3.b + " " + v4.a + v4.b + "\n");
}

// expect: V()
// expect: V(int)
// expect: V(int,int)
// expect: V()
// expect: V(int,int)
// expect: 00 50 12 78
