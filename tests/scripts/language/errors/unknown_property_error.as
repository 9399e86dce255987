// Accessing an unknown property of a string.
void main() {
  string s = "x";
  int n = s.size;
}

// expect-error: 4 'size' is not a member of 'string'
