// The const opIndex of a const array, and element references written through opIndex.
int second(const array<int> &in a) { return a[1]; }
void bump(int &out x) { x = 42; }
void main() {
  array<int> a = {1, 2, 3};
  print("" + second(a) + "\n");
  a[0] += 10;
  a[1]++;
  bump(a[2]);
  print("" + a[0] + " " + a[1] + " " + a[2] + "\n");
  array<string> s(2);
  s[0] += "ab";
  s[1] = s[0] + "c";
  print(s[0] + " " + s[1] + " " + s[1].length() + "\n");
}

// expect: 2
// expect: 11 3 42
// expect: ab abc 3
