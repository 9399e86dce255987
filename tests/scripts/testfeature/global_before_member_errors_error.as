// Global functions and variables are declared before class members, so an error in a global
// declaration comes before one in a class declared earlier (the reference's order).
class A { void f(Q x) {} }
void g(R y) {}
// expect-error: 4 Identifier 'R' is not a data type
void main() {}
