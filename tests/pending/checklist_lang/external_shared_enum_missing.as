// angelc wrong: accepts `external shared enum E;` (likewise interface, funcdef) although nothing shared it before; reference: "External shared entity 'E' not found".
// A2/A3: external shared entities must exist already.
external shared enum E;
external shared interface I;
external shared funcdef void F();
void main() {}
// expect-error: 3 External shared entity 'E' not found
