// 2.38: a member initialised in both branches of an if, through this.m, in a nested block, and
// after a loop that does not use it; a second assignment is an assignment (opAssign).
// reference: 2.38 (2.38 feature; 2.35.1 differs)
class Bar {
  Bar() { print("Bar()\n"); }
  Bar(int a) { value = a; print("Bar(" + a + ")\n"); }
  Bar &opAssign(const Bar &in o) { print("assign " + o.value + "\n"); value = o.value; return this; }
  int value;
}
class Foo {
  Foo(int a) { if (a > 0) b = Bar(a); else b = Bar(-a); print("end " + b.value + "\n"); }
  Foo(float f) { print("x\n"); this.b = Bar(9); print("end " + b.value + "\n"); }
  Foo(double d) { { b = Bar(4); } print("end " + b.value + "\n"); }
  Foo(int64 d) { for (int i = 0; i < 2; i++) { print("loop\n"); } b = Bar(11); b = Bar(12); print("end " + b.value + "\n"); }
  Bar b = Bar(1);
}
void main() {
  print("--1\n"); Foo f1(2);
  print("--2\n"); Foo f2(1.5f);
  print("--3\n"); Foo f3(1.5);
  print("--4\n"); Foo f4(int64(1));
}
// expect: --1
// expect: Bar(2)
// expect: end 2
// expect: --2
// expect: x
// expect: Bar(9)
// expect: end 9
// expect: --3
// expect: Bar(4)
// expect: end 4
// expect: --4
// expect: loop
// expect: loop
// expect: Bar(11)
// expect: Bar(12)
// expect: assign 12
// expect: end 12
