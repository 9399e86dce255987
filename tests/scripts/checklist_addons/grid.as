// grid<T>: string init lists, handle and object cells, grid handles, nested grids, const grid,
// compound assignment on a cell, out-of-range x and y.
class C { int v; C() { v = 1; } C(int x) { v = x; } }
void main() {
  grid<string> s = {{"a", "b", "c"}, {"d", "e", "f"}};
  print(s.width() + "x" + s.height() + " " + s[2, 0] + s[0, 1] + "\n");
  grid<C@> h(2, 2);
  print((h[1, 1] is null) + "\n");
  @h[0, 1] = C(7);
  print(h[0, 1].v + "\n");
  grid<C> objs(2, 1);
  print(objs[1, 0].v + "\n");
  grid<int>@ p = grid<int>(2, 2, 3);
  print(p[1, 1] + "\n");
  grid<grid<int>@> nest(1, 1);
  @nest[0, 0] = grid<int> = {{1, 2}};
  print(nest[0, 0][1, 0] + "\n");
  const grid<int> cg = {{4, 5}, {6, 7}};
  print(cg[1, 1] + " " + cg.width() + "\n");
  grid<float> f(1, 1, 2.5f); f[0, 0] += 1; print(f[0, 0] + "\n");
  try { s[3, 0] = "x"; } catch { print(getExceptionInfo() + "\n"); }
  try { print(s[0, 2] + "\n"); } catch { print(getExceptionInfo() + "\n"); }
}

// expect: 3x2 cd
// expect: true
// expect: 7
// expect: 1
// expect: 3
// expect: 2
// expect: 7 2
// expect: 3.5
// expect: Index out of bounds
// expect: Index out of bounds
