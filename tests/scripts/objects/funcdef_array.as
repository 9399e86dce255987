// An array of function handles.
funcdef string Namer();
string one() { return "one"; }
string two() { return "two"; }
void main() {
  array<Namer@> fs = {@one, @two, @one};
  string s;
  for (uint i = 0; i < fs.length(); i++) s += fs[i]() + ";";
  print(s + "\n");
}

// expect: one;two;one;
