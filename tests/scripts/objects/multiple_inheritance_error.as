// A class cannot inherit from two classes.
class A {}
class B {}
class C : A, B {}
void main() {}

// expect-error: 4 Can't inherit from multiple classes
