// A5: overload resolution with object arguments: exact handle type beats interface, primitive
// via opImplConv vs string, handle vs conversion to double.
interface I {}
class B : I {}
class D : B {}
void f(B@ b) { print("B\n"); }
void f(I@ i) { print("I\n"); }
void g(int x) { print("g int\n"); }
void g(const string &in s) { print("g str\n"); }
class M { int opImplConv() const { return 1; } }
void k(double d) { print("k double\n"); }
void k(M@ m) { print("k M\n"); }
void main() {
  D d;
  B@ bb = d;
  f(bb);
  M m;
  g(m);
  k(m);
  k(1);
}
// expect: B
// expect: g int
// expect: k M
// expect: k double
