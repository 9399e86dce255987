// findFirstOf / findFirstNotOf / findLastOf / findLastNotOf.
void main() {
  string s = "  key = value;  ";
  print("" + s.findFirstOf("=;") + " " + s.findFirstOf("=;", 7) + " " + s.findFirstOf("xyz") + "\n");
  print("" + s.findFirstNotOf(" ") + " " + s.findFirstNotOf(" ", 5) + "\n");
  print("" + s.findLastOf("e") + " " + s.findLastOf("e", 10) + " " + s.findLastOf("q") + "\n");
  print("" + s.findLastNotOf(" ") + " " + s.findLastNotOf(" ;", 13) + "\n");
  string blanks = "   ";
  print("" + blanks.findFirstNotOf(" ") + " " + blanks.findLastNotOf(" ") + "\n");
}

// expect: 6 13 4
// expect: 2 6
// expect: 12 3 -1
// expect: 13 12
// expect: -1 -1
