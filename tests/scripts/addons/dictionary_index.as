// The index operator reads and writes dictionaryValue entries; conversions with type(value).
void main() {
  dictionary d;
  d["a"] = 1;
  d["b"] = "two";
  d["c"] = 3.5;
  int a = int(d["a"]);
  string b = string(d["b"]);
  double c = double(d["c"]);
  print("" + a + " " + b + " " + c + "\n");
  d["a"] = int(d["a"]) + 10;
  print("" + int(d["a"]) + "\n");
  print("" + d.getSize() + "\n");
  int missing = int(d["new"]);
  print("" + missing + " " + d.getSize() + " " + d.exists("new") + "\n");
}

// expect: 1 two 3.5
// expect: 11
// expect: 3
// expect: 0 4 true
