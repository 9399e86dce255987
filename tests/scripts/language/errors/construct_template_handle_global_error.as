// The same in a global variable's initialiser, of a dictionary value.
array<string> foo = { 'a', 'b', 'c' };
dictionary d1 = { {'arr', foo} };
array<string>@ s1 = array<string>@(d1['arr']);
void main() {}
// expect-error: 4 Can't construct handle 'string[]@'. Use ref cast instead
