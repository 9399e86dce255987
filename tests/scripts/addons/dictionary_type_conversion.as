// Values stored as int64 can be read as double and vice versa; strings cannot be read as numbers.
void main() {
  dictionary d;
  d.set("i", 3);
  d.set("f", 2.75);
  double f = 0; int64 i = 0;
  print("" + d.get("i", f) + " " + f + "\n");
  print("" + d.get("f", i) + " " + i + "\n");
  d.set("s", "str");
  print("" + d.get("s", i) + " " + i + "\n");
  int small = 0;
  print("" + d.get("i", small) + " " + small + "\n");
}

// expect: true 3
// expect: true 2
// expect: false 0
// expect: true 3
