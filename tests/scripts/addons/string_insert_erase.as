// insert and erase.
void main() {
  string s = "held";
  s.insert(3, "lo wor");
  print(s + "\n");
  s.insert(0, ">");
  s.insert(s.length(), "<");
  print(s + "\n");
  s.erase(0, 1);
  print(s + "\n");
  s.erase(5);
  print(s + "\n");
  s.erase(1, 2);
  print(s + "\n");
  s.erase(0, 0);
  print(s + "\n");
}

// expect: hello word
// expect: >hello word<
// expect: hello word<
// expect: hello
// expect: hlo
// expect: hlo
