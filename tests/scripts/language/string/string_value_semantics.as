// Strings are value types: assignment copies.
void change(string s) { s += "!"; }
void main() {
  string a = "x";
  string b = a;
  b += "y";
  print(a + " " + b + "\n");
  change(a);
  print(a + "\n");
}

// expect: x xy
// expect: x
