// A class whose only opCmp returns bool has no comparison operator (the reference ignores the
// method): the comparison tries to convert the object to the other operand's type.
class A {
  bool opCmp(float f) { return true; }
}
void main() {
  A a;
  bool r = (a < 0.1f);
  print("" + r + "\n");
}
// expect-error: 8 No conversion from 'A&' to 'float' available.
