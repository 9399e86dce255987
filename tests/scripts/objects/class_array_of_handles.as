// Arrays of object handles and of objects.
class Item { string name; Item() {} Item(string n) { name = n; } }
void main() {
  array<Item@> hs = {Item("a"), Item("b")};
  array<Item> vs(2);
  vs[0].name = "x";
  vs[1] = hs[1];
  hs[1].name = "changed";
  print(hs[0].name + hs[1].name + " " + vs[0].name + vs[1].name + "\n");
}

// expect: achanged xb
