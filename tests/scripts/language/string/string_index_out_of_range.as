// Indexing past the end raises "Out of range".
void main() {
  string s = "abc";
  print("" + s[2] + "\n");
  print("" + s[3] + "\n");
}

// expect: 99
// expect-exception: Out of range
