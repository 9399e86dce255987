// sortAsc / sortDesc, whole array and sub-range.
string str(const array<int> &in a) { string s = "{"; for (uint i = 0; i < a.length(); i++) s += (i > 0 ? "," : "") + a[i]; return s + "}"; }
void main() {
  array<int> a = {5, 3, 9, 1, 7};
  a.sortAsc(); print(str(a) + "\n");
  a.sortDesc(); print(str(a) + "\n");
  array<int> b = {5, 3, 9, 1, 7};
  b.sortAsc(1, 3); print(str(b) + "\n");
  b.sortDesc(0, 2); print(str(b) + "\n");
  array<string> s = {"pear", "apple", "fig"};
  s.sortAsc();
  print(s[0] + " " + s[1] + " " + s[2] + "\n");
  array<double> d = {2.5, -1, 0};
  d.sortAsc();
  print("" + d[0] + " " + d[1] + " " + d[2] + "\n");
}

// expect: {1,3,5,7,9}
// expect: {9,7,5,3,1}
// expect: {5,1,3,9,7}
// expect: {5,1,3,9,7}
// expect: apple fig pear
// expect: -1 0 2.5
