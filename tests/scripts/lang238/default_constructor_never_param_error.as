// engine-property: ALWAYS_IMPL_DEFAULT_CONSTRUCT=2
// reference: 2.38 (asEP_ALWAYS_IMPL_DEFAULT_CONSTRUCT=2 is 2.37's)
// A class without any constructor can't be a parameter by value or reference (reported when the
// function is compiled, at the function); a handle parameter is fine.
class C { int v; }
void ok(C@ h) {}
void f(C &in c) {}
void main() {}
// expect-error: 7 Parameter type can't be 'C&in', because the type cannot be instantiated.
