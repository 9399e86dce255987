// Casting the result of a void function: there is no value to convert.
class P {}
void make() {}
void main() {
  P@ p = cast<P>(make());
}
// expect-error: 5 No conversion from 'void' to 'P@' available.
