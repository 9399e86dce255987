// A syntax error inside a function's body is reported as the reference reports it: when the
// function is compiled, after its "Compiling ..." line and after the errors of the functions
// compiled before it (global functions before methods), so the first error here is g's, on line 9,
// not the syntax error on line 7 (which angelc reported first, alone, before).
class A {
  int v;
  int get() const { return v }
}
void g() { int y = "a"; }
void f() {
  int x = ;
}
void main() {}
// expect-error: 9 Can't implicitly convert from 'const string' to 'int'.
// expect-info: 9 Compiling void g()
// expect-info: 10 Compiling void f()
// expect-info: 7 Compiling int A::get() const
