// \x takes at most two hex digits (UTF-8 mode): "\x414" is 'A' followed by '4'; "\x" followed by a
// non-hex character gives a NUL byte (no warning).
void show(const string &in s) {
  string r = "";
  for (uint i = 0; i < s.length(); i++) r += " " + s[i];
  print("" + s.length() + ":" + r + "\n");
}
void main() {
  show("\x414");
  show("\x41g");
  show("\x4142");
  show("\x1");
  show("\x100");
  show("\u0041");
  show("\u00411");
  show("\U00000041");
  show("a\xg");
}

// expect: 2: 65 52
// expect: 2: 65 103
// expect: 3: 65 52 50
// expect: 1: 1
// expect: 2: 16 48
// expect: 1: 65
// expect: 2: 65 49
// expect: 1: 65
// expect: 3: 97 0 103
