// A handle has no constructor either: `C@ c(c0);` is "Only objects have constructors" in the
// reference (angelc ignored the arguments), and so is `F@ f(null);` for a funcdef.
class C {}
funcdef void F();
void main() {
  C c0;
  C@ c(c0);
  F@ f(null);
  print("x\n");
}
// expect-error: 7 Only objects have constructors
