// Returning a value from a void function is an error.
void f() {
  return 1;
}
void main() {
  f();
}

// expect-error: 3 Can't return value when return type is 'void'
