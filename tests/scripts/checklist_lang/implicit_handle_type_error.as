// A2: `class @Foo` needs EP:ALLOW_IMPLICIT_HANDLE_TYPES, off by default.
class @Foo { int v; }
void main() {}
// expect-error: 2 Expected identifier
