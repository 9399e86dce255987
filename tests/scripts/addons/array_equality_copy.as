// == compares element-wise; = copies the content; handles share.
void main() {
  array<int> a = {1, 2, 3};
  array<int> b = {1, 2, 3};
  array<int> c = {1, 2};
  print("" + (a == b) + " " + (a != c) + " " + (a is b) + "\n");
  array<int> d;
  d = a;
  d[0] = 100;
  print("" + a[0] + " " + d[0] + "\n");
  array<int>@ h = a;
  h[0] = 50;
  print("" + a[0] + " " + (h is a) + "\n");
}

// expect: true true false
// expect: 1 100
// expect: 50 true
