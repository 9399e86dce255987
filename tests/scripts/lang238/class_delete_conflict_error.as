// A member both declared and deleted (2.38): reported at whichever comes second.
// reference: 2.38 (2.38 feature; 2.35.1 differs)
class A {
  A() delete;
  A &opAssign(const A &inout) delete;
  A() {}
}
void main() {}
// expect-error: 6 Conflict with explicit declaration of function and deleted function
