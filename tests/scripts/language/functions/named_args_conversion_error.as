// A conversion to a primitive type takes no named argument.
void main() {
  int a = int(a: 0);
}
// expect-error: 3 Invalid use of named arguments
