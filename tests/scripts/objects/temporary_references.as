// references into objects that only a call returned: reading, operators, compound assignment
// and identity all see the object alive until the expression is done
array<int>@ mk() { return {10, 20, 30}; }
class C { int v = 5; int& get() { return v; } }
C@ g;
C@ mkc() { return C(); }
C@ cur() { return g; }
void main()
{
    int x = mk()[0] + mk()[1];
    print("" + x + " " + (mk()[2] * 2) + " " + (mkc().get() + 1) + " " + (mkc().get() == 5) + "\n");
    mk()[0] += 1;
    int r = mk()[0]++;
    ++mk()[1];
    mkc().get() *= 2;
    print("" + r + " " + -mk()[0] + "\n");
    C c;
    @g = c;
    print("" + (cur() is c) + " " + (cur() !is c) + " " + (c is cur()) + " " + (cur() is null) + "\n");
    @g = null;
    print("" + (cur() is null) + "\n");
}
// expect: 30 60 6 true
// expect: 10 -10
// expect: true false true false
// expect: true
