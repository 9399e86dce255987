// A method called through its type name, without an object.
void main() {
  int x = string::length();
}
// expect-error: 3 Cannot access non-static member 'length' like this
