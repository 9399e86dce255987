// A default argument naming a variable that only the caller has: the message is in the default
// argument's own code ("default arg", line 1), then at the call.
void func(int a = n) {}
void main() {
  int n;
  func();
}
// expect-error: 1 No matching symbol 'n'
