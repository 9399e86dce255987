// A3: external shared entities must exist already.
external shared void f();
void main() {}
// expect-error: 2 External shared entity 'f' not found
