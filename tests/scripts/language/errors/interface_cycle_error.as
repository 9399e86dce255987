// An interface cycle is reported as the reference finds it: the interfaces in declaration order,
// at the base that closes the cycle.
interface A : C {}
interface B : A {}
interface C : B {}
void main() {}
// expect-error: 5 Can't implement itself, or another interface that implements this interface
