// angelc wrong: accepts `external shared class C;` although no earlier module compiled C; reference: "External shared entity 'C' not found".
// A3: external shared entities must exist already.
external shared class C;
void main() {}
// expect-error: 3 External shared entity 'C' not found
