// A string literal without its closing quote at the end of the file.
void main() {
  print("x\n");
}
string s = "abc;

// expect-error: 5 Non-terminated string literal
