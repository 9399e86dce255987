// String literals are const string; methods that do not modify can be called on them.
void main() {
  print("" + "hello".length() + "\n");
  print("hello".substr(1, 3) + "\n");
  print("" + ("abc" == "abc") + "\n");
}

// expect: 5
// expect: ell
// expect: true
