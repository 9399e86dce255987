// A5: `T = {...}` anonymous init list, `{...}` inferred from the parameter, nested lists, empty
// elements `{1, , 3}` (default value), dictionary and grid lists.
void show(const array<int> &in a) { string s; for (uint i = 0; i < a.length(); i++) s += a[i] + ","; print(s + "\n"); }
void main() {
  show(array<int> = {1, 2, 3});
  show({4, 5});
  array<array<int>> n = {{1}, {2, 3}, {}};
  print("" + n.length() + n[1][1] + n[2].length() + "\n");
  array<int> e = {1, , 3};
  show(e);
  dictionary d = {{"a", 1}, {"b", "x"}};
  print("" + int(d["a"]) + string(d["b"]) + "\n");
  grid<int> g = {{1, 2}, {3, 4}};
  print("" + g[1, 0] + "\n");
}
// expect: 1,2,3,
// expect: 4,5,
// expect: 330
// expect: 1,0,3,
// expect: 1x
// expect: 2
