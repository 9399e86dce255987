// There is no - operator for strings.
void main() {
  string a = "ab", b = "b";
  string c = a - b;
  print(c + "\n");
}

// expect-error: 4 No matching operator that takes the types 'string' and 'string' found
