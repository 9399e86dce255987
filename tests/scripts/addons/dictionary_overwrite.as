// Setting an existing key replaces the value and its type.
void main() {
  dictionary d;
  d.set("k", 1);
  d.set("k", "now a string");
  string s;
  int64 i = -1;
  print("" + d.get("k", s) + " " + s + " " + d.get("k", i) + " " + d.getSize() + "\n");
}

// expect: true now a string false 1
