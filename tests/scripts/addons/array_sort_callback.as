// sort with a callback function and with a lambda, and a sub-range.
bool byLength(const string &in a, const string &in b) { return a.length() < b.length(); }
void main() {
  array<string> s = {"ccc", "a", "bb", "dddd"};
  s.sort(byLength);
  print(join(s, ",") + "\n");
  s.sort(function(a, b) { return a > b; });
  print(join(s, ",") + "\n");
  array<int> n = {4, 3, 2, 1, 0};
  n.sort(function(a, b) { return a < b; }, 1, 3);
  string r;
  for (uint i = 0; i < n.length(); i++) r += n[i];
  print(r + "\n");
}

// expect: a,bb,ccc,dddd
// expect: dddd,ccc,bb,a
// expect: 41230
