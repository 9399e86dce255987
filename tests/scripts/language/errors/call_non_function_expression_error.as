// Calling an expression that is no function: a name is reported with its type
// (call_non_function.as), other expressions plainly.
void main() {
  null();
}
// expect-error: 4 Expression doesn't evaluate to a function
