// Retrieving from an empty any returns false. A primitive output is not written (the reference
// then copies back its uninitialised temporary, so its value is not checked); the ?&out (string)
// output gets the default-constructed temporary: an empty string.
void main() {
  any a;
  int64 i = 5;
  string s = "keep";
  print("" + a.retrieve(i) + "\n");
  bool r = a.retrieve(s);
  print("" + r + " [" + s + "]\n");
}

// expect: false
// expect: false []
