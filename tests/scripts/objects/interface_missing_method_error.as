// A class that does not implement all interface methods.
interface I {
  void f();
  void g();
}
class C : I {
  void f() {}
}
void main() {}

// expect-error: 6 Missing implementation of 'void I::g()'
