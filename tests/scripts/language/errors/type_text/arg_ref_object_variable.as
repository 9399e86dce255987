// How messages show an expression's type (the reference's rule, probed on 2.38 with
// `void f(int, int)` called with one argument of each kind): a variable of a reference type
// is a reference, `C&` (`const C&` when const); a value type's local (string) and a local
// primitive are shown plain.
class C {}
void f(int, int) {}
void main() {
  C c;
  f(c);
}
// expect-error: 9 No matching signatures to 'f(C&)'
