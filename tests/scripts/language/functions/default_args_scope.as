// A default argument is compiled apart from the call: it sees the function's namespace and
// globals, not the caller's local variables (a local of the same name does not hide the global).
int myvar = 42;
namespace N {
  int v = 7;
  void g(int a = v) { print("g " + a + "\n"); }
}
void f(int a, int b = myvar) { print("f " + b + "\n"); }
void main() {
  int myvar = 1;
  int v = 2;
  f(1);
  N::g();
}
// expect: f 42
// expect: g 7
