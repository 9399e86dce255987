// An unknown type in a declaration (a parameter, member, global, return type) names where it
// was looked for; in a function body the message is plain (type_not_found_in_body.as).
void f(Car@ c) {}
void main() {}
// expect-error: 3 Identifier 'Car' is not a data type in global namespace
