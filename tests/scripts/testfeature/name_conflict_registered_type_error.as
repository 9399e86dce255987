// A function named like a registered type: "is an extended data type".
void string() {}
// expect-error: 2 Name conflict. 'string' is an extended data type.
void main() {}
