// Heredoc strings: no escape processing; a whitespace-only first line is dropped and indentation
// of the content lines is kept (spaces are shown as '_' so no expected line starts with a blank).
string vis(const string &in s) {
  string r = "";
  for (uint i = 0; i < s.length(); i++) {
    if (s[i] == 32) r += "_"; else r += s.substr(i, 1);
  }
  return r;
}
void main() {
  string s = """
hello
  world
""";
  print("[" + vis(s) + "]\n");
  string t = """no\nescape""";
  print("[" + t + "]\n");
  print("" + t.length() + "\n");
}

// expect: [hello
// expect: __world
// expect: ]
// expect: [no\nescape]
// expect: 10
