// `A&` of a funcdef A without @ is an &inout reference to a function value, which does not
// exist: the reference reports the &inout message when it declares the function (the by-value
// parameter after it is reported only when the function is compiled, which does not happen
// after a declaration error).
funcdef void A();
void F(A e) {}
void D(A& e) {}
void main() { print("x\n"); }
// expect-error: 7 Only object types that support object handles can use &inout. Use &in or &out instead
