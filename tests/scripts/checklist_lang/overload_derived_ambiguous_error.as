// A5: a derived object matching a base-class handle and an interface handle is ambiguous.
interface I {}
class B : I {}
class D : B {}
void f(B@ b) {}
void f(I@ i) {}
void main() {
  D d;
  f(d);
}
// expect-error: 9 Multiple matching signatures to
