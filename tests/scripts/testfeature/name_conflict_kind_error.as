// A global whose name a type already has: the message says what the name is ("is a class",
// "an interface", "a named type" for enums and typedefs, "a funcdef", "an extended data type"
// for registered types). The first error is the later declaration's.
enum E { a }
int E;
// expect-error: 5 Name conflict. 'E' is a named type.
void main() {}
