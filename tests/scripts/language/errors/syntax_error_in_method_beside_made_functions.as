// A syntax error in a method's body, in a script where the compiler also writes functions of its
// own (the classes' implicit constructors and opAssign, which have no syntax tree): the method's
// body is not compiled, its errors come after its "Compiling ..." line. (Found by the compile
// fuzzer: a written function took every body's errors as its own, so the broken body was
// compiled, and a `for` without a statement crashed the compiler.)
class Obj { int v; Obj() {} Obj(int v) { this.v = v; } }
class Holder {
  void bump() { for (uint i = 0 < i n;ums.length(); i++) nums[i] *= 10; }
}
void main() {
}
// expect-error: 8 Expected ',' or ';'
// expect-info: 8 Compiling void Holder::bump()
