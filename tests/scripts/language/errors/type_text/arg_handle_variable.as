// A handle variable, a handle a function returns and a new object of a reference type made by
// a constructor call without arguments are all shown as a reference to a handle, `C@&`; a
// cast<C>(h) gives a plain `C@` (as arguments in a 'No matching signatures' message).
class C {}
void f(int, int) {}
C@ make() { return C(); }
void main() {
  C@ h = make();
  f(h, C(), make(), cast<C>(h));
}
// expect-error: 9 No matching signatures to 'f(C@&, C@&, C@&, C@)'
