// a shared class may only inherit from shared classes
class B {}
shared class C : B {}
void main() {}
// expect-error: 3 Shared class cannot inherit from non-shared class
