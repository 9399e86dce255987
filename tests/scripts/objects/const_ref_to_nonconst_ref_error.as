// A const reference cannot be passed on as a non-const one.
class A {}
void foo(const A &a) { foo2(a); }
void foo2(A &a) {}
void main() {}
// expect-error: 3 No matching signatures to 'foo2(const A
