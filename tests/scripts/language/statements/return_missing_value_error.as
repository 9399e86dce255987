// "return;" in a non-void function is an error.
int f() {
  return;
}
void main() {
  print("" + f() + "\n");
}

// expect-error: 3 Must return a value
