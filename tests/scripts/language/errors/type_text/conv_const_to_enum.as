// A constant converted to a primitive type it can't become loses its const in the message
// (`int`, not `const int`), but keeps it for an object target (`const int` to `B&`).
enum E { A }
void main() {
  E e = A;
  e = 1;
}
// expect-error: 6 Can't implicitly convert from 'int' to 'E'.
