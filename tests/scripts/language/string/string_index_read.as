// s[i] reads a byte as uint8.
void f(uint8 x) { print("uint8 " + x + "\n"); }
void f(int x) { print("int " + x + "\n"); }
void main() {
  string s = "ABC";
  print("" + s[0] + " " + s[1] + " " + s[2] + "\n");
  f(s[0]);
  uint sum = 0;
  for (uint i = 0; i < s.length(); i++) sum += s[i];
  print("" + sum + "\n");
}

// expect: 65 66 67
// expect: uint8 65
// expect: 198
