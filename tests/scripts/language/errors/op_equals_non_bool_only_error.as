// A class whose only opEquals returns int has no == operator (the reference ignores the method):
// the comparison tries to convert the object to the other operand's type.
class A {
  int opEquals(float f) { return 5; }
}
void main() {
  A a;
  bool r = (a == 0.1f);
  print("" + r + "\n");
}
// expect-error: 8 No conversion from 'A&' to 'float' available.
