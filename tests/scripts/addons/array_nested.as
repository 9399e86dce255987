// Arrays of arrays.
void main() {
  array<array<int>> m = {{1, 2}, {3, 4, 5}};
  print("" + m.length() + " " + m[0].length() + " " + m[1].length() + " " + m[1][2] + "\n");
  m[0].insertLast(9);
  print("" + m[0][2] + "\n");
  array<array<int>> g(2, array<int>(3, 0));
  g[1][2] = 7;
  print("" + g[0][2] + " " + g[1][2] + "\n");
  int[][] t = {{1}, {2, 3}};
  print("" + t[1][1] + "\n");
}

// expect: 2 2 3 5
// expect: 9
// expect: 0 7
// expect: 3
