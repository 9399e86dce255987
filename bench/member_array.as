// A method reading a member array of its object in a loop: every `cells[i]` and
// `cells.length()` goes through `this` (issue 16's slow path).
class Grid {
  array<int> cells;
  Grid(int n) { cells.resize(n); for (int i = 0; i < n; i++) cells[i] = (i * 7) % 13; }
  int sum() { int s = 0; for (uint i = 0; i < cells.length(); i++) s += cells[i]; return s; }
}
void main() {
  Grid g(1000);
  int total = 0;
  for (int rep = 0; rep < 20000; rep++) total += g.sum();
  print("" + total + "\n");
}
