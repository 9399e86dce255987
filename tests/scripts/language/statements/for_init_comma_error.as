// The init part of a for is a declaration or ONE expression: a comma-separated list of
// expressions is a syntax error (the increment part may have several).
void main() {
  int a, b;
  for (a = 0, b = 0; a < 3; a++) {}
  print("" + a + "\n");
}

// expect-error: 5 Expected ';'
