// `foo bar = x;` of a class without a constructor taking x but with an opAssign that does: the
// default object, then opAssign (also for a function given to an opAssign taking a funcdef).
funcdef void f();
class foo {
  void opAssign(f@ &in) { print("funcdef\n"); }
  void opAssign(int) { print("int\n"); }
}
void g() {}
void main() {
  foo a = g;
  foo b = 1;
}
// expect: funcdef
// expect: int
