// grid<T>: construction with a fill value, width/height, opIndex(x, y), resize keeps old cells.
// (grid<int>(w, h) without a fill value leaves int cells uninitialised, so it is not printed.)
void main() {
  grid<int> g(3, 2, 0);
  print("" + g.width() + " " + g.height() + "\n");
  g[2, 1] = 5;
  g[0, 0] = 1;
  print("" + g[2, 1] + " " + g[0, 0] + " " + g[1, 1] + "\n");
  g.resize(4, 3);
  print("" + g.width() + " " + g.height() + " " + g[2, 1] + " " + g[0, 0] + "\n");
  g.resize(1, 1);
  print("" + g.width() + " " + g.height() + " " + g[0, 0] + "\n");
  grid<string> s(2, 2, "x");
  print(s[1, 1] + "\n");
  grid<string> t(2, 1);
  print("[" + t[1, 0] + "]\n");
  grid<int> e;
  print("" + e.width() + " " + e.height() + "\n");
}

// expect: 3 2
// expect: 5 1 0
// expect: 4 3 5 1
// expect: 1 1 1
// expect: x
// expect: []
// expect: 0 0
