// The `void` expression (used as an argument for an &out parameter to discard) is no operand.
void main() {
  void + void;
}
// expect-error: 3 Void cannot be an operand in expressions
