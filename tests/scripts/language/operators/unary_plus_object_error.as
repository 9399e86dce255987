// Unary + on an object (no operator method exists for it).
class A {}
void main() {
  A a;
  + a;
}
// expect-error: 5 Illegal operation on this datatype
