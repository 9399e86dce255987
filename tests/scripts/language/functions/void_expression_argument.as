// A lone void expression passed to a function is no argument (the reference compiles
// `noargs(hello())` as hello() then noargs(), which the SDK's console sample relies on with
// `_grab(expr)`): overloads with no parameters are picked; with more arguments it is an error.
void hello() { print("hello\n"); }
void noargs() { print("noargs\n"); }
void pick() { print("pick()\n"); }
void pick(int a) { print("pick(" + a + ")\n"); }
int two() { return 2; }
class X { void m() { print("X::m\n"); } }
void main()
{
    noargs(hello());
    pick(hello());
    pick(two());
    X x;
    x.m(hello());
}
// expect: hello
// expect: noargs
// expect: hello
// expect: pick()
// expect: pick(2)
// expect: hello
// expect: X::m
