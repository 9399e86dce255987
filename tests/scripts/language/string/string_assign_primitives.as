// A string can be assigned and appended from primitives directly.
void main() {
  string s = 5;
  print(s + "\n");
  s = 2.5;
  print(s + "\n");
  s = true;
  print(s + "\n");
  s = "x";
  s += 1;
  s += 1.5;
  s += false;
  s += uint64(18446744073709551615);
  print(s + "\n");
}

// expect: 5
// expect: 2.5
// expect: true
// expect: x11.5false18446744073709551615
