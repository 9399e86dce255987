// Anonymous arrays from init lists passed to functions.
int sum(const array<int> &in a) { int s = 0; for (uint i = 0; i < a.length(); i++) s += a[i]; return s; }
void main() {
  print("" + sum({1, 2, 3}) + "\n");
  print("" + sum(array<int> = {4, 5}) + "\n");
  array<int>@ h = {7, 8};
  print("" + h[1] + "\n");
}

// expect: 6
// expect: 9
// expect: 8
