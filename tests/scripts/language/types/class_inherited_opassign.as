// A class whose base declares opAssign gets no opAssign of its own: assignments use the base's
// (the reference's; angelc wrote one, and `d = dd` found two equally good) (issue 26).
class B
{
    int v = 1;
    B& opAssign(const B &in o) { print("B::opAssign\n"); v = o.v; return this; }
}
class D : B { int w = 2; }
class DD : D { int z = 3; }
void main()
{
    D d;
    DD dd;
    dd.v = 5;
    dd.w = 6;
    B b;
    d = dd;
    d = b;
    print(d.v + " " + d.w + "\n");
}
// expect: B::opAssign
// expect: B::opAssign
// expect: 1 2
