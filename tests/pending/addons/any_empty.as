// Retrieving from an empty any returns false; the int64 output keeps its value, the ?&out
// (string) output is reset to an empty string.
void main() {
  any a;
  int64 i = 5;
  string s = "keep";
  print("" + a.retrieve(i) + " " + i + "\n");
  print("" + a.retrieve(s) + " [" + s + "]\n");
}

// expect: false 5
// expect: false []
