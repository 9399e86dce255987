// Declaring the same name twice in one block is an error.
void main() {
  int x = 1;
  int x = 2;
  print("" + x + "\n");
}

// expect-error: 4 'x' is already declared
