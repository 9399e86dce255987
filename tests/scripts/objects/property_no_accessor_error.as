// A virtual property needs a get or a set accessor.
int some_val { }
void main() {}
// expect-error: 2 Virtual property must have at least one get or set accessor
