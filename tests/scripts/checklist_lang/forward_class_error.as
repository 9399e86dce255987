// A3/A6: there are no forward class declarations.
class C;
class C { int v; }
void main() {}
// expect-error: 2 Missing definition of 'C'
