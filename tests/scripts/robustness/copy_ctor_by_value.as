// A constructor taking its own class by value is used to initialise a variable (as the
// reference does), but never to copy its own argument: that copy is made by the default
// constructor and opAssign, so compiling it cannot recurse (issue 17: the compiler overflowed
// its stack).
class Foo
{
    int v = 1;
    Foo() { print("def\n"); }
    Foo(Foo f) { print("byval " + f.v + "\n"); v = f.v + 1; }
    Foo &opAssign(const Foo &in o) { print("assign\n"); v = o.v; return this; }
}
void take(Foo f) { print("take " + f.v + "\n"); }
void main()
{
    Foo a;
    Foo b(a);
    Foo c = a;
    take(a);
    print(b.v + " " + c.v + "\n");
}
// expect: def
// expect: def
// expect: assign
// expect: byval 1
// expect: def
// expect: assign
// expect: byval 1
// expect: def
// expect: assign
// expect: take 1
// expect: 2 2
