// A2: the `?` variable type is for host registrations only; a script cannot declare it.
void f(?&in a) {}
void main() {}
// expect-error: 2 Expected data type
