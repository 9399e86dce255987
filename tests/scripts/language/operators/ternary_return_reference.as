// A function returning a reference may return `c ? a : b`: a reference to the chosen one
// (members and globals), usable as an lvalue.
int g1 = 1, g2 = 2;
int &pick(bool c) { return c ? g1 : g2; }
class T {
  int a, b;
  int &func(bool c) { return c ? a : b; }
  void func2(bool c, int v) { (c ? a : b) = v; }
}
void main() {
  pick(false) = 5;
  pick(true) += 10;
  print(g1 + " " + g2 + "\n");
  T t;
  t.func(true) = 1;
  t.func(false) = 2;
  print(t.a + " " + t.b + "\n");
  t.func2(true, 3);
  t.func2(false, 4);
  print(t.a + " " + t.b + "\n");
}
// expect: 11 5
// expect: 1 2
// expect: 3 4
