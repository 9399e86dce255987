// getKeys returns all keys; sort them before printing because the order is unspecified.
void main() {
  dictionary d = {{"pear", 1}, {"apple", 2}, {"fig", 3}};
  array<string>@ keys = d.getKeys();
  keys.sortAsc();
  print(join(keys, ",") + "\n");
  d.delete("apple");
  @keys = d.getKeys();
  keys.sortAsc();
  print(join(keys, ",") + " " + keys.length() + "\n");
}

// expect: apple,fig,pear
// expect: fig,pear 2
