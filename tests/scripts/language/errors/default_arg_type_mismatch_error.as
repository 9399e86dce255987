// A default argument whose value can't become the parameter's type: the reference blames the
// default argument (in its own "default arg" section, line 1), then the call.
void f(int x = "a") {}
void main() {
  f();
}
// expect-error: 1 The type of the default argument expression doesn't match the function parameter type
