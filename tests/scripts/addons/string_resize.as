// resize() truncates or pads with NUL bytes.
void main() {
  string s = "abcdef";
  s.resize(3);
  print(s + " " + s.length() + "\n");
  s.resize(5);
  print("" + s.length() + " " + s[3] + " " + s[4] + "\n");
  s.resize(0);
  print("" + s.isEmpty() + "\n");
}

// expect: abc 3
// expect: 5 0 0
// expect: true
