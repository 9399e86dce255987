// Using an undeclared variable.
void main() {
  int a = 1;
  a = b + 1;
  print("" + a + "\n");
}

// expect-error: 4 No matching symbol 'b'
