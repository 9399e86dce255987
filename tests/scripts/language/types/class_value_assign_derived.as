// The opAssign a script class gets for free copies the members of the class the assigned object
// really is: a derived object assigned to a base class value copies its base part; through base
// class handles, a whole derived object is copied; an object of a class that does not derive
// from the assigned one's raises "Mismatching types in value assignment". A variable whose declared
// type is a derived class is first copied into a new object of the assigned class (its copy
// constructor), as the reference does; a temporary is not (issue 26).
class Node { int n = 0; }
class B
{
    int v = 1;
    string s = "b";
    Node@ h;
}
class D : B
{
    int w = 2;
    array<int> list = {1};
    D() { v = 5; s = "d"; @h = Node(); h.n = 7; }
}
class DD : D
{
    int z = 3;
}
class E : B
{
    int e = 4;
}
void main()
{
    B y;
    y = D();
    print("base part: " + y.v + " " + y.s + " " + y.h.n + "\n");

    D d1;
    d1.v = 10; d1.w = 20; d1.list = {1, 2, 3};
    D d2;
    B@ h1 = d2;
    B@ h2 = d1;
    h1 = h2;
    print("whole object: " + d2.v + " " + d2.w + " " + d2.list.length() + " " + (d2.h is d1.h) + "\n");

    DD dd;
    dd.z = 30; dd.w = 21;
    D@ hd = d2;
    hd = dd;   // a DD into a D value: the D part
    print("D part: " + d2.w + "\n");
    B@ hdd = DD();
    B@ hsrc = dd;
    hdd = hsrc;  // both DD, declared B: everything
    print("DD: " + cast<DD>(hdd).z + " " + cast<DD>(hdd).w + "\n");

    E e;
    B@ he = e;
    try { he = h2; } catch { print("caught: " + getExceptionInfo() + "\n"); }   // a D into an E
    hdd = DD();  // a temporary DD into a DD: no copy first
    try { hdd = dd; } catch { print("caught: " + getExceptionInfo() + "\n"); }  // a DD declared DD: its B copy into a DD
    print("e untouched: " + e.v + " " + e.e + "\n");
    B b;
    B@ hb = b;
    h1 = hb;   // a B into a D object
}
// expect: base part: 5 d 7
// expect: whole object: 10 20 3 true
// expect: D part: 21
// expect: DD: 30 21
// expect: caught: Mismatching types in value assignment
// expect: caught: Mismatching types in value assignment
// expect: e untouched: 1 4
// expect-exception: Mismatching types in value assignment
