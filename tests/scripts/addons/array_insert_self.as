// insertAt(uint, const array<T>&) with the array itself, and with strings.
string str(const array<int> &in a) { string s = "{"; for (uint i = 0; i < a.length(); i++) s += (i > 0 ? "," : "") + a[i]; return s + "}"; }
void main() {
  int[] a = {1, 2, 3};
  a.insertAt(1, a);  print(str(a) + "\n");
  int[] b = {7, 8};
  b.insertAt(0, b);  print(str(b) + "\n");
  b.insertAt(b.length(), b); print(str(b) + "\n");
  int[] e;
  e.insertAt(0, e);  print(str(e) + "\n");
  string[] s = {"x", "y"};
  string[] t = {"p", "q"};
  s.insertAt(1, t);
  t[0] = "changed";
  print(s[0] + s[1] + s[2] + s[3] + " " + s.length() + "\n");
  s.insertAt(5, t);
}

// expect: {1,1,2,3,2,3}
// expect: {7,8,7,8}
// expect: {7,8,7,8,7,8,7,8}
// expect: {}
// expect: xpqy 4
// expect-exception: Index out of bounds
