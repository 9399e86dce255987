// resize grows with default values and shrinks; reserve does not change the length.
string str(const array<int> &in a) { string s = "{"; for (uint i = 0; i < a.length(); i++) s += (i > 0 ? "," : "") + a[i]; return s + "}"; }
void main() {
  array<int> a = {1, 2, 3};
  a.resize(5); print(str(a) + "\n");
  a.resize(2); print(str(a) + "\n");
  a.reserve(100); print(str(a) + " " + a.length() + "\n");
  array<string> s;
  s.resize(2);
  print("[" + s[0] + "][" + s[1] + "]\n");
  print("" + a.isEmpty() + " " + array<int>().isEmpty() + "\n");
}

// expect: {1,2,3,0,0}
// expect: {1,2}
// expect: {1,2} 2
// expect: [][]
// expect: false true
