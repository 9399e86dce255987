// A2/A3: external shared entities must exist already.
external shared enum E;
external shared interface I;
external shared funcdef void F();
void main() {}
// expect-error: 2 External shared entity 'E' not found
