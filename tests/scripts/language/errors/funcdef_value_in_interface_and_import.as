// A funcdef named without @ in an interface method or an import is accepted: the reference
// reports "Parameter type can't be ..." only when it compiles a function, here a class method
// (and then not its body).
funcdef void Callback();
interface I { void g(Callback c); Callback h(); }
import void imported(Callback c) from "other";
class C {
  Callback h() { int unused = "not compiled"; return null; }
}
void main() { print("ok\n"); }
// expect-error: 8 Return type can't be 'Callback'
