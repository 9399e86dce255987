// Candidates in a namespace are listed with it; a class's methods with the class and its
// namespace.
namespace N {
  void set(int a) {}
  class C { void m(int q) {} }
}
void main() {
  N::C c;
  c.m("x");
  N::set("x");
}
// expect-error: 9 No matching signatures to 'C::m(const string)'
// expect-info: 9 Candidates are:
// expect-info: 9 void N::C::m(int q)
// expect-info: 10 void N::set(int a)
