// Empty strings: comparison, concatenation, default value.
void main() {
  string a;
  string b = "";
  print("" + (a == b) + " [" + a + b + "]\n");
  print("" + (a + "x" == "x") + "\n");
  a = "z";
  a = "";
  print("" + a.length() + "\n");
}

// expect: true []
// expect: true
// expect: 0
