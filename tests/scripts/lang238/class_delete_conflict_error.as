// A member both declared and deleted (2.38): reported at whichever comes second.
// angelc-only: 2.38 feature (checked against ashost-2.38)
class A {
  A() delete;
  A &opAssign(const A &inout) delete;
  A() {}
}
void main() {}
// expect-error: 6 Conflict with explicit declaration of function and deleted function
