// removeRange: count 0 never fails, the count is capped at the end, a start past the end fails.
string str(const array<int> &in a) { string s = "{"; for (uint i = 0; i < a.length(); i++) s += (i > 0 ? "," : "") + a[i]; return s + "}"; }
void main() {
  int[] a = {1, 2, 3, 4, 5};
  a.removeRange(10, 0);   print(str(a) + "\n");
  a.removeRange(5, 3);    print(str(a) + "\n");
  a.removeRange(0, 1);    print(str(a) + "\n");
  a.removeRange(1, 1000);   print(str(a) + "\n");
  a.removeRange(2, 1);
}

// expect: {1,2,3,4,5}
// expect: {1,2,3,4,5}
// expect: {2,3,4,5}
// expect: {2}
// expect-exception: Index out of bounds
