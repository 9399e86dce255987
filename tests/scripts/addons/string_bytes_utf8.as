// String functions work on bytes, not characters.
void main() {
  string s = "h\u00e9llo";
  print("" + s.length() + "\n");
  print("" + s.findFirst("l") + "\n");
  print(s.substr(0, 3) + "\n");
  print("" + s.substr(1, 1).length() + " " + s.substr(1, 1)[0] + "\n");
  print("" + s.findFirst("\u00e9") + " " + s.findFirstOf("\u00e9") + "\n");
}

// expect: 6
// expect: 3
// expect: hé
// expect: 1 195
// expect: 1 1
