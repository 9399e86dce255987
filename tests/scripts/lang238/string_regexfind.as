// string::regexFind (2.38): where the first match at or after `start` begins, counted from
// `start` (^ matches there), and its length; -1 and 0 when there is none.
// reference: 2.38 (2.38 feature; 2.35.1 differs)
void main() {
  uint len = 99;
  string s = "abc123def";
  print(s.regexFind("[0-9]+", 0, len) + " " + len + "\n");
  print(s.regexFind("[0-9]+", 5, len) + " " + len + "\n");
  print(s.regexFind("x", 0, len) + " " + len + "\n");
  print(s.regexFind("\\d+") + " " + s.regexFind("\\s") + " " + s.regexFind("[\\d]f") + "\n");
  print(s.regexFind("c", 100, len) + " " + len + "\n");
  print(s.regexFind("^abc") + " " + s.regexFind("^def", 6) + "\n");
  try { print(s.regexFind("(") + "\n"); } catch { print(getExceptionInfo() + "\n"); }
  print(s.regexFind("") + "\n");
  print(s.regexFind("a|d", 1, len) + " " + len + "\n");
  string u = "0J\xc3\xb6nsson9";
  print(u.regexFind("[[:alpha:]\x80-\xff]+", 0, len) + " " + len + "\n");
}
// expect: 3 3
// expect: 0 1
// expect: -1 0
// expect: 3 -1 -1
// expect: -1 0
// expect: 0 0
// expect: Caught an exception from the application
// expect: 0
// expect: 5 1
// expect: 1 8
