// string: copy constructor in both forms, copies are independent, opIndex read/write as uint8, const index.
void main() {
  string s = "abc";
  string t(s); string u = string(s); string v(); 
  t += "d"; print(s + " " + t + " " + u + "\n");
  uint8 c = s[0]; s[0] = c + 1; print(s + "\n");
  const string k = "xyz"; print(k[2] + "\n");
}

// expect: abc abcd abc
// expect: bbc
// expect: 122
