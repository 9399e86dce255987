// foreach over a dictionary (2.38): opForValue0 is the (const) dictionaryValue, opForValue1 the
// key. The order is the dictionary's own, so the test sorts. Adding or removing a key ends the
// loop (changing a value does not).
// reference: 2.38 (2.38 feature; 2.35.1 differs)
void main() {
  dictionary d = {{"a", 1}, {"b", 2}, {"c", 3}};
  array<string> keys;
  array<int> values;
  foreach (auto v, auto k : d) {
    keys.insertLast(k);
    values.insertLast(int(v));
  }
  keys.sortAsc();
  values.sortAsc();
  print(keys[0] + keys[1] + keys[2] + " " + values[0] + values[1] + values[2] + "\n");
  int n = 0;
  foreach (const dictionaryValue v, const string k : d) n++;
  int count = 0, seen = 0;
  foreach (auto v, auto k : d) {
    seen++;
    if (count++ == 1) d.delete(k);
  }
  print("seen " + seen + " left " + d.getSize() + "\n");
  seen = 0;
  foreach (auto v, auto k : d) {
    seen++;
    d.set(k, 10);
  }
  print("seen " + seen + "\n");
  seen = 0;
  foreach (auto v, auto k : d) {
    seen++;
    d.set("new", 1);
  }
  print("seen " + seen + " size " + d.getSize() + "\n");
  seen = 0;
  foreach (auto v : d) {
    seen++;
    d.deleteAll();
  }
  print("seen " + seen + " size " + d.getSize() + "\n");
}
// expect: abc 123
// expect: seen 2 left 2
// expect: seen 2
// expect: seen 1 size 3
// expect: seen 1 size 0
