// An unknown escape sequence is only a warning ("Invalid escape sequence"); the script still runs.
void main() {
  string s = "a\qb";
  print("" + s.length() + "\n");
  print(s + "\n");
}

// expect: 2
// expect: ab
