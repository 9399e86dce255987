// angelc wrong: accepts `external shared void f();` although no earlier module compiled f; reference: "External shared entity 'f' not found".
// A3: external shared entities must exist already.
external shared void f();
void main() {}
// expect-error: 3 External shared entity 'f' not found
