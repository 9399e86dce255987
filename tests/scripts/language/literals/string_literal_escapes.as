// Escape sequences in double-quoted string literals.
void main() {
  print("tab " + "[\t]"[1] + "\n");
  print("quote[\"] apos[\'] backslash[\\]\n");
  print("hex[\x41\x42]\n");
  print("len " + "\x41".length() + "\n");
  print("nul len " + "a\0b".length() + "\n");
  string s = "a\0b";
  print("" + s[1] + "\n");
  print("cr len " + "\r".length() + "\n");
  print("" + "\n"[0] + " " + "\r"[0] + " " + "\t"[0] + "\n");
}

// expect: tab 9
// expect: quote["] apos['] backslash[\]
// expect: hex[AB]
// expect: len 1
// expect: nul len 3
// expect: 0
// expect: cr len 1
// expect: 10 13 9
