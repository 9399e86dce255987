// a < b < c compares a bool with an int: error.
void main() {
  int a = 1, b = 2, c = 3;
  print("" + (a < b < c) + "\n");
}

// expect-error: 4 No conversion from 'bool' to 'int' available.
