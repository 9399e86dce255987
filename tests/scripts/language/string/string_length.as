// length() of strings, including empty strings and multi-byte UTF-8.
void main() {
  string e;
  print("" + e.length() + " " + e.isEmpty() + "\n");
  string s = "hello";
  print("" + s.length() + " " + s.isEmpty() + "\n");
  print("" + "caf\u00e9".length() + "\n");
  print("" + ("ab" + "cd").length() + "\n");
}

// expect: 0 true
// expect: 5 false
// expect: 5
// expect: 4
