// An unknown type in a function body: the plain message.
void main() {
  Car@ c;
}
// expect-error: 3 Identifier 'Car' is not a data type
