// engine-property: MEMBER_INIT_MODE=0
// reference: 2.38 (asEP_MEMBER_INIT_MODE is 2.38's)
// MEMBER_INIT_MODE=0: an assignment to a member in the constructor's body is an assignment, as
// before 2.38: the declaration's initialiser runs first and the body's value goes through
// opAssign (2.38 initialises the member with it instead: ctor_member_explicit_init.as).
class Bar {
  Bar() { print("Bar()\n"); }
  Bar(int a) { value = a; print("Bar(" + a + ")\n"); }
  Bar &opAssign(const Bar &in o) { print("assign " + o.value + "\n"); value = o.value; return this; }
  int value;
}
class Foo {
  Foo() { print("Foo()\n"); }
  Foo(int a) { print("Foo(int) start\n"); b = Bar(a); print("Foo(int) end\n"); }
  Foo(double d) { b = Bar(6); c = 7; print("Foo(double) " + c + "\n"); }
  Bar b = Bar(1);
  int c = 3;
}
void main() {
  print("--1\n"); Foo f1;
  print("--2\n"); Foo f2(2);
  print("--4\n"); Foo f4(1.5);
}
// expect: --1
// expect: Bar(1)
// expect: Foo()
// expect: --2
// expect: Bar(1)
// expect: Foo(int) start
// expect: Bar(2)
// expect: assign 2
// expect: Foo(int) end
// expect: --4
// expect: Bar(1)
// expect: Bar(6)
// expect: assign 6
// expect: Foo(double) 7
