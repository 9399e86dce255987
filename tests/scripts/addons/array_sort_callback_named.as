// sort(less) with named functions, ranges, and a range starting past the end.
bool lessInt(const int &in a, const int &in b) { return a < b; }
bool greaterStr(const string &in a, const string &in b) { return a > b; }
bool byLength(const string &in a, const string &in b) { return a.length() < b.length(); }
string str(const array<int> &in a) { string s = "{"; for (uint i = 0; i < a.length(); i++) s += (i > 0 ? "," : "") + a[i]; return s + "}"; }
void main() {
  int[] a = {5, 2, 8, 1, 9, 3};
  a.sort(lessInt);          print(str(a) + "\n");
  int[] b = {5, 2, 8, 1, 9, 3};
  b.sort(lessInt, 2);       print(str(b) + "\n");
  b.sort(lessInt, 0, 3);    print(str(b) + "\n");
  b.sort(lessInt, 4, 100);  print(str(b) + "\n");
  string[] s = {"bb", "a", "ccc", "dd", "e"};
  s.sort(byLength);
  print(s[0] + " " + s[1] + " " + s[2] + " " + s[3] + " " + s[4] + "\n");
  s.sort(greaterStr);
  print(s[0] + " " + s[1] + " " + s[2] + " " + s[3] + " " + s[4] + "\n");
  int[] e;
  e.sort(lessInt);
  e.sort(lessInt, 7, 1);
  a.sort(lessInt, 6);
}

// expect: {1,2,3,5,8,9}
// expect: {5,2,1,3,8,9}
// expect: {1,2,5,3,8,9}
// expect: {1,2,5,3,8,9}
// expect: a e dd bb ccc
// expect: e dd ccc bb a
// expect-exception: Index out of bounds
