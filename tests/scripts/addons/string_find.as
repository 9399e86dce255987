// findFirst / findLast with and without a start position.
void main() {
  string s = "abcabcabc";
  print("" + s.findFirst("bc") + " " + s.findFirst("bc", 2) + " " + s.findFirst("x") + "\n");
  print("" + s.findFirst("") + " " + s.findFirst("abc", 9) + " " + s.findFirst("abc", 100) + "\n");
  print("" + s.findLast("bc") + " " + s.findLast("bc", 6) + " " + s.findLast("bc", 0) + " " + s.findLast("x") + "\n");
  print("" + s.findLast("abc", 3) + " " + s.findLast("") + "\n");
}

// expect: 1 4 -1
// expect: 0 -1 -1
// expect: 7 4 -1 -1
// expect: 3 9
