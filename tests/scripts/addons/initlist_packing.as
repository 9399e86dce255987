// Initialisation lists whose buffers mix value sizes: the list factories of array, grid and
// dictionary read 8-byte values, handles and objects at 4-byte boundaries after a count or a
// small value (the reference engine's packing), and small values packed back to back.
class Obj { int v; Obj() {} Obj(int x) { v = x; } }
enum E { X = 3, Y = 9 }
void main() {
  array<double> d = {1.0, 2.5, -3.25};
  array<int64> l = {1, -2, 4000000000000};
  array<uint64> ul = {18446744073709551615, 7};
  print("" + d[0] + " " + d[1] + " " + d[2] + " " + l[1] + " " + l[2] + " " + ul[0] + " " + ul[1] + "\n");
  array<int8> b = {1, -2, 3};
  array<int16> s = {-300, 301, 302};
  array<bool> t = {true, false, true};
  print("" + b[0] + b[1] + b[2] + " " + s[0] + " " + s[2] + " " + t[0] + t[1] + t[2] + "\n");
  array<array<int8>> nb = {{1, 2, 3}, {4}, {5, 6}};
  array<array<double>> nd = {{0.5}, {1.5, 2.5}, {}};
  print("" + nb[0][2] + nb[1][0] + nb[2][1] + " " + nd[1][1] + " " + nd[2].length() + "\n");
  Obj o(5);
  array<Obj@> h = {o, null, Obj(6)};
  array<Obj> objs = {o, Obj(7)};
  print("" + h[0].v + " " + (h[1] is null) + " " + h[2].v + " " + objs[0].v + " " + objs[1].v + "\n");
  array<string> strs = {"a", "bc", ""};
  array<E> es = {Y, X};
  print(strs[0] + strs[1] + strs.length() + " " + es[0] + es[1] + "\n");
  grid<double> gd = {{1.5, 2.5}, {3.5, 4.5}};
  grid<int8> g8 = {{1, 2, 3}, {4, 5, 6}};
  grid<Obj@> go = {{o, null}, {Obj(8), o}};
  print("" + gd[1, 0] + " " + gd[0, 1] + " " + g8[2, 0] + g8[0, 1] + g8[2, 1] + " " + go[0, 0].v + (go[1, 0] is null) + go[0, 1].v + go[1, 1].v + "\n");
  dictionary dict = {{"i8", int8(-1)}, {"dbl", 2.5}, {"b", true}, {"i64", int64(-9)},
                     {"f", 0.25f}, {"e", Y}, {"h", @o}, {"s", "str"}, {"n", null}, {"u8", uint8(200)}};
  int64 i = 0; double f = 0; bool bo = false; string st; Obj@ oh;
  dict.get("i8", i); print("" + i);
  dict.get("dbl", f); print(" " + f);
  dict.get("b", bo); print(" " + bo);
  dict.get("i64", i); print(" " + i);
  dict.get("f", f); print(" " + f);
  dict.get("e", i); print(" " + i);
  dict.get("h", @oh); print(" " + (oh is o));
  dict.get("s", st); print(" " + st);
  print(" " + dict.exists("n"));
  dict.get("u8", i); print(" " + i + "\n");
}

// expect: 1 2.5 -3.25 -2 4000000000000 18446744073709551615 7
// expect: 1-23 -300 302 truefalsetrue
// expect: 346 2.5 0
// expect: 5 true 6 5 7
// expect: abc3 93
// expect: 2.5 3.5 346 5true85
// expect: -1 2.5 true -9 0.25 9 true str true 200
