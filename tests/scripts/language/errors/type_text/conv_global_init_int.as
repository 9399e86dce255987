// A primitive global's initialiser: the target shown as `int&`.
class A {}
int i = A();
void main() {}
// expect-error: 3 Can't implicitly convert from 'A@&' to 'int&'.
