// A global's initialiser shows the global as a reference whatever its type (`int&`); the
// messages of the globals' initialisers come in declaration order (angelc initialises the
// primitives first, as the reference does, but reports in the reference's order).
class A {}
class B {}
B b = A();
int i = A();
void main() {}
// expect-error: 6 Can't implicitly convert from 'A@&' to 'B&'.
