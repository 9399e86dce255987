// Comparing a string with an int is an error.
void main() {
  string s = "1";
  if (s == 1) print("eq\n");
}

// expect-error: 4 No conversion from 'string' to 'int' available.
