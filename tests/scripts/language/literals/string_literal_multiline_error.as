// A line break inside a normal string literal is an error (ALLOW_MULTILINE_STRINGS is off).
void main() {
  string s = "ab
cd";
  print(s + "\n");
}

// expect-error: 3 Multiline strings are not allowed in this application
