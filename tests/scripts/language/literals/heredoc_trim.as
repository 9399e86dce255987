// Heredoc trimming (HEREDOC_TRIM_MODE 1): when the first line (after the opening """) is
// whitespace-only, it is removed with its line break, and a whitespace-only last line is removed
// too (the line break before it stays). When the first line has content nothing is trimmed.
void show(const string &in s) {
  string r = "";
  for (uint i = 0; i < s.length(); i++) {
    if (s[i] == 10) r += "\\n"; else if (s[i] == 32) r += "_"; else r += s.substr(i, 1);
  }
  print("[" + r + "] " + s.length() + "\n");
}
void main() {
  show("""   
first
last   """);
  show("""one line""");
  show("""  spaced  """);
  show("""x
   """);
  show("""
x
   """);
  show("""x
""");
  show("""  
x""");
  show("""
  x  
""");
  show("""x
  
  """);
  show("""  
  a
  """);
  show("""""");
  show("""

""");
}

// expect: [first\nlast___] 13
// expect: [one_line] 8
// expect: [__spaced__] 10
// expect: [x\n___] 5
// expect: [x\n] 2
// expect: [x\n] 2
// expect: [x] 1
// expect: [__x__\n] 6
// expect: [x\n__\n__] 7
// expect: [__a\n] 4
// expect: [] 0
// expect: [\n] 1
