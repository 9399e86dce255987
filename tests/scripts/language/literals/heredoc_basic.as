// Heredoc strings: no escape processing; a whitespace-only first line and last line are trimmed.
void main() {
  string s = """
hello
  world
""";
  print("[" + s + "]\n");
  string t = """no\nescape""";
  print("[" + t + "]\n");
  print("" + t.length() + "\n");
}

// expect: [hello
// expect:   world
// expect: ]
// expect: [no\nescape]
// expect: 10
