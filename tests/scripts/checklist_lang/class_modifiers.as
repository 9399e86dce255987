// A6: `final`, `shared final`, `abstract` class modifiers; private/protected access from inside
// the class and from a derived class. (A class declaring opAssign(int) gets no copy opAssign in
// 2.38: lang238/default_copy_assign_*.as.)
final class F { int v = 1; }
shared final class SF { int v = 2; }
abstract class A { int a = 3; }
class AD : A {}
class B {
  private int p = 1;
  protected int q = 2;
  int pub = 3;
  private int getp() { return p; }
  protected int getq() { return q; }
  int both() { return getp() + getq(); }
}
class D : B {
  int sum() { return q + getq() + pub; }
}
class C {
  int v = 1;
  void opAssign(int x) { v = x * 10; }
}
void main() {
  F f; SF s; AD ad;
  print("" + f.v + s.v + ad.a + "\n");
  D d;
  print("" + d.sum() + " " + d.both() + " " + d.pub + "\n");
  C a, b;
  a = 4;
  b = 4;
  print("" + a.v + " " + b.v + "\n");
}
// expect: 123
// expect: 7 3 3
// expect: 40 40
