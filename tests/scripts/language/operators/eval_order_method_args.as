// Arguments of a registered method (string.substr) are also evaluated right to left.
int v(int x) { print("" + x + " "); return x; }
void main() {
  string s = "abcdef";
  string t = s.substr(v(1), v(3));
  print("=> " + t + "\n");
  array<int> a;
  a.insertLast(v(9));
  a.insertAt(v(0), v(8));
  print("=> " + a[0] + " " + a[1] + "\n");
}

// expect: 3 1 => bcd
// expect: 9 8 0 => 8 9
