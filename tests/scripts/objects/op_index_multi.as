// opIndex with two arguments.
class Grid {
  array<int> cells(9, 0);
  int& opIndex(int x, int y) { return cells[y * 3 + x]; }
}
void main() {
  Grid g;
  g[1, 2] = 7;
  g[0, 0] = 1;
  print("" + g[1, 2] + " " + g[0, 0] + " " + g.cells[7] + "\n");
}

// expect: 7 1 7
