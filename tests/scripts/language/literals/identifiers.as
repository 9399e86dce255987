// Identifiers with underscores and digits; names are case sensitive.
void main() {
  int _x = 1, x_2 = 2, X = 3, x = 4, __ = 5, camelCase = 6;
  print("" + _x + x_2 + X + x + __ + camelCase + "\n");
}

// expect: 123456
