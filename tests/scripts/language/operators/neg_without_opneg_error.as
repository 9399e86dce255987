// -x and ~x of an object whose class has no opNeg / opCom: the reference reports the missing
// operator method by name.
class N {}
void main() {
  N n;
  int a = -n;
}
// expect-error: 6 Function 'opNeg()' not found
