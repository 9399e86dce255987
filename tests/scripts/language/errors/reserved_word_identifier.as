// A reserved keyword cannot be used as a variable name.
void main() {
  int class = 1;
  print("" + class + "\n");
}

// expect-error: 3 Expected '('
