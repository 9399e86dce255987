// A lambda for `funcdef Callback Maker();` would return a function by value: the reference
// reports it when it compiles the lambda.
funcdef void Callback();
funcdef Callback Maker();
void main() {
  Maker@ m = function() { return null; };
  print("ok\n");
}
// expect-error: 6 Return type can't be 'Callback'
