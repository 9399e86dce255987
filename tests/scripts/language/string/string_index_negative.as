// A negative index converts to a huge uint: "Out of range".
void main() {
  string s = "abc";
  int i = -1;
  print("before\n");
  print("" + s[i] + "\n");
}

// expect: before
// expect-exception: Out of range
