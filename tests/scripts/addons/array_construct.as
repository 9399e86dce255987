// array constructors: empty, with length, with length and value, init list, T[] syntax.
string str(const array<int> &in a) { string s = "{"; for (uint i = 0; i < a.length(); i++) s += (i > 0 ? "," : "") + a[i]; return s + "}"; }
void main() {
  array<int> a;
  array<int> b(3);
  array<int> c(3, 7);
  array<int> d = {5, 6, 7};
  int[] e = {1, 2};
  print(str(a) + " " + str(b) + " " + str(c) + " " + str(d) + " " + str(e) + "\n");
  array<string> s(2, "x");
  print(s[0] + s[1] + " " + s.length() + "\n");
  array<double> f = {1, 2.5};
  print("" + f[0] + " " + f[1] + "\n");
}

// expect: {} {0,0,0} {7,7,7} {5,6,7} {1,2}
// expect: xx 2
// expect: 1 2.5
