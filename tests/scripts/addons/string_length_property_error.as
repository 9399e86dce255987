// In 2.35.1 the string add-on has no length property: s.length without () is "Invalid operation on method".
void main() {
  string s = "abc";
  print("" + s.length + "\n");
  s.length = 1;
  print(s + "\n");
}

// expect-error: 4 Invalid operation on method
