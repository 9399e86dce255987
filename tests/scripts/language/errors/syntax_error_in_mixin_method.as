// A syntax error in a mixin's method: each class that includes the mixin gets the method, and
// none of them compiles its body (the errors are reported once, as the reference does).
mixin class M {
  void bump() { for (uint i = 0 < i n;ums.length(); i++) x(); }
}
class A : M {}
class B : M {}
void main() {}
// expect-error: 4 Expected ',' or ';'
// expect-info: 4 Compiling void A::bump()
