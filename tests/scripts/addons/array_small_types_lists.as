// Init lists of every element size (the buffer's alignment), and empty lists.
void main() {
  array<int8> a = {-1, 2, -3};
  array<uint16> b = {65535, 0, 7};
  array<int64> c = {-9000000000, 1, 2};
  array<double> d = {0.5, -1.25};
  array<bool> e = {true, false, true};
  array<float> f = {1.5f, 2};
  array<int> g = {};
  print("" + a[0] + " " + a[2] + " " + b[0] + " " + b[2] + " " + c[0] + " " + c[2] + "\n");
  print("" + d[0] + " " + d[1] + " " + e[0] + e[1] + e[2] + " " + f[0] + " " + f[1] + " " + g.length() + "\n");
  array<string> s = {"a", "", "long string that does not fit inline"};
  print(s[2] + " " + s.length() + "\n");
}

// expect: -1 -3 65535 7 -9000000000 2
// expect: 0.5 -1.25 truefalsetrue 1.5 2 0
// expect: long string that does not fit inline 3
