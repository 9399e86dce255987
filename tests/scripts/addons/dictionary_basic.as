// dictionary set/get/exists/delete/getSize/isEmpty with int64, double and string values.
void main() {
  dictionary d;
  print("" + d.isEmpty() + " " + d.getSize() + "\n");
  d.set("i", 42);
  d.set("f", 2.5);
  d.set("s", "text");
  print("" + d.isEmpty() + " " + d.getSize() + "\n");
  int64 i = 0; double f = 0; string s;
  print("" + d.get("i", i) + " " + i + "\n");
  print("" + d.get("f", f) + " " + f + "\n");
  print("" + d.get("s", s) + " " + s + "\n");
  print("" + d.exists("i") + " " + d.exists("nope") + "\n");
  print("" + d.delete("i") + " " + d.delete("i") + " " + d.getSize() + "\n");
  d.deleteAll();
  print("" + d.getSize() + "\n");
}

// expect: true 0
// expect: false 3
// expect: true 42
// expect: true 2.5
// expect: true text
// expect: true false
// expect: true false 2
// expect: 0
