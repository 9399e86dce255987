// A global variable of an unknown type written with a leading `::`.
// expect-error: 3 Identifier 'T' is not a data type
::T g;
void main() {}
