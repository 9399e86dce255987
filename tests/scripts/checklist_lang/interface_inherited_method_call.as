// Regression (angelc got this wrong before): methods of a base interface are not found through a handle of the derived interface ("No matching symbol 'j'" at 15:16).
// A3/A6: `interface I : J, K` inherits the methods of J and K.
interface J { int j(); }
interface K { int k(); }
interface I : J, K { void m(); }
class C : I {
  int j() { return 1; }
  int k() { return 2; }
  void m() { print("m\n"); }
}
void main() {
  C c;
  I@ i = c;
  i.m();
  print("" + i.j() + i.k() + "\n");
}
// expect: m
// expect: 12
