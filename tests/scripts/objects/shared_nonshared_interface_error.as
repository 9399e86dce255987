// a shared class may only implement shared interfaces
interface I { void f(); }
shared class C : I { void f() {} }
void main() {}
// expect-error: 3 Shared type cannot implement non-shared interface
