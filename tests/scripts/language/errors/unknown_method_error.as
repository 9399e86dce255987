// Calling a method that string does not have.
void main() {
  string s = "x";
  s.noSuchMethod();
}

// expect-error: 4 No matching symbol 'noSuchMethod'
