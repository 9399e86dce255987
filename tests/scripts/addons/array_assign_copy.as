// opAssign copies the elements (a deep copy of strings and of nested arrays); handles share.
void main() {
  string[] a = {"one", "two"};
  string[] b = {"x"};
  b = a;
  b[0] = "uno";
  a.insertLast("three");
  print(a[0] + " " + b[0] + " " + a.length() + " " + b.length() + "\n");
  int[][] m = {{1, 2}, {3}};
  int[][] n;
  n = m;
  n[0][0] = 100;
  print("" + m[0][0] + " " + n[0][0] + " " + n[1][0] + "\n");
  int[]@ h = m[1];
  h.insertLast(4);
  print("" + m[1].length() + " " + (h is m[1]) + "\n");
  m[1] = m[0];
  print("" + m[1][1] + " " + (h is m[1]) + " " + h.length() + "\n");
  a = a;
  print("" + a.length() + "\n");
}

// expect: one uno 3 2
// expect: 1 100 3
// expect: 2 true
// expect: 2 true 2
// expect: 3
