// On a const dictionary the index operator does not insert: a missing key is an exception.
void show(const dictionary &in d) {
  print("" + int64(d["a"]) + " " + d.getSize() + "\n");
  print("" + int64(d["missing"]) + "\n");
}
void main() {
  dictionary d;
  d["a"] = 5;
  array<string>@ k = d.getKeys();
  d.set("b", 1);
  print("" + k.length() + " " + d.getKeys().length() + " " + dictionary().getKeys().length() + "\n");
  show(d);
}

// expect: 1 2 0
// expect: 5 2
// expect-exception: Invalid access to non-existing value
