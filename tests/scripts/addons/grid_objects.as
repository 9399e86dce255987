// grid<T> of handles, of script objects and of strings: default cells, fill values, resize
// keeping the overlapping cells, lists of objects and handles, const access.
class Obj { int v = 1; }
int total(const grid<int> &in g) {
  int t = 0;
  for (uint y = 0; y < g.height(); y++)
    for (uint x = 0; x < g.width(); x++) t += g[x, y];
  return t;
}
void main() {
  Obj a;
  a.v = 7;
  grid<Obj@> h(2, 2);
  print("" + (h[0, 0] is null) + " " + (h[1, 1] is null) + "\n");
  @h[1, 0] = a;
  h.resize(3, 1);
  print("" + (h[1, 0] is a) + " " + (h[2, 0] is null) + " " + h.width() + "x" + h.height() + "\n");
  grid<Obj@> filled(2, 1, a);
  print("" + (filled[0, 0] is a) + " " + (filled[1, 0] is a) + "\n");
  grid<Obj> o(2, 2);
  o[1, 1].v = 5;
  print("" + o[0, 0].v + " " + o[1, 1].v + "\n");
  o.resize(2, 3);
  print("" + o[1, 1].v + " " + o[1, 2].v + "\n");
  grid<Obj> fo(1, 2, a);
  a.v = 9;
  print("" + fo[0, 1].v + "\n");
  grid<string> s = {{"a", "b"}, {"c", "d"}, {"e", "f"}};
  print(s[0, 0] + s[1, 0] + s[0, 1] + s[1, 1] + s[0, 2] + s[1, 2] + " " + s.width() + "x" + s.height() + "\n");
  s.resize(1, 1);
  print(s[0, 0] + " " + s.width() + "x" + s.height() + "\n");
  grid<Obj@> lh = {{a, null}, {null, a}};
  print("" + (lh[0, 0] is a) + " " + (lh[1, 0] is null) + " " + (lh[1, 1] is a) + "\n");
  grid<int> n = {{1, 2, 3}, {4, 5, 6}};
  print("" + total(n) + "\n");
  grid<double> dd = {{0.5}, {1.5}};
  print("" + dd[0, 1] + " " + dd.width() + "x" + dd.height() + "\n");
  grid<int8> small = {{1, -2}, {3, 4}};
  print("" + small[1, 0] + " " + small[0, 1] + "\n");
  grid<int> e = {};
  print("" + e.width() + "x" + e.height() + "\n");
  grid<grid<int>@> nested(1, 1);
  @nested[0, 0] = n;
  print("" + nested[0, 0][2, 1] + "\n");
}

// expect: true true
// expect: true true 3x1
// expect: true true
// expect: 1 5
// expect: 5 1
// expect: 7
// expect: abcdef 2x3
// expect: a 1x1
// expect: true true true
// expect: 21
// expect: 1.5 1x2
// expect: -2 3
// expect: 0x0
// expect: 6
