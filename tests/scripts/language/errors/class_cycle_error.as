// A class inheritance cycle is reported at the base that closes it (declaration order).
class A : B {}
class B : A {}
void main() {}
// expect-error: 3 Can't inherit from itself, or another class that inherits from this class
