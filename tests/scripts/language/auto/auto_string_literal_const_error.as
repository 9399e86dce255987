// auto initialised from a string literal deduces 'const string': modifying it is an error.
void main() {
  auto s = "a";
  s += "b";
  print(s + "\n");
}

// expect-error: 4 Illegal operation on 'const string'
