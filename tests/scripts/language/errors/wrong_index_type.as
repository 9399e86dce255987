// Indexing a string with a string.
void main() {
  string s = "abc";
  print("" + s["x"] + "\n");
}

// expect-error: 4 No matching signatures to 'string::opIndex(const string)'
