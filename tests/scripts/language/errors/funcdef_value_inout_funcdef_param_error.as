// The same for a funcdef's parameter and a method's, `const A &` included: the funcdef's is
// reported first (funcdefs are declared before class members), as by the reference.
funcdef void A();
class C { void D(const A& e) {} }
funcdef void G(A& e);
void main() { print("x\n"); }
// expect-error: 5 Only object types that support object handles can use &inout. Use &in or &out instead
