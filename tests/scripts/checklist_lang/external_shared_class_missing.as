// A3: external shared entities must exist already.
external shared class C;
void main() {}
// expect-error: 2 External shared entity 'C' not found
