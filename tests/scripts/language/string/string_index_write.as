// s[i] = value writes a byte.
void main() {
  string s = "abc";
  s[0] = 65;
  s[2] = s[1] - 32;
  print(s + "\n");
  s[1]++;
  print(s + "\n");
}

// expect: AbB
// expect: AcB
