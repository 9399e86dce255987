// Calling an integer variable.
void main() {
  int a = 1;
  a();
}

// expect-error: 4 Expression doesn't form a function call. 'a' evaluates to the non-function type 'int'
