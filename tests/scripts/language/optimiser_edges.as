// The bytecode optimiser's shapes, with what must stay as it was: loop counters seen after an
// exception, borrowed handles and elements when an exception leaves the loop, element stores of
// computed values, store-then-load of a field, handles reassigned or returned inside a loop,
// signed and unsigned small elements, loop bounds in slots, immediates and constants.
class Obj { int v; Obj(int v) { this.v = v; } }
class Box {
  array<int> cells = {1, 2, 3, 4, 5};
  int sumSwap() {
    int s = 0;
    for (uint i = 0; i < cells.length(); i++) { s += cells[i]; if (i == 1) cells = array<int>(3, 10); }
    return s;
  }
}
Obj@ pick(array<Obj@>@ a, uint i) { Obj@ o = a[i]; return o; }
int sumHandles(array<Obj@>@ a) { int t = 0; for (uint i = 0; i < a.length(); i++) { Obj@ o = a[i]; t += o.v; } return t; }
void main() {
  int i = 0;
  array<int>@ none;
  try { for (i = 0; i < int(none.length()); i++) {} } catch { print("caught at i=" + i + "\n"); }
  array<int> a = {1, 2, 3};
  try { for (i = 0; i < 10; i++) a[i] = i * 2 + 1; } catch { print("stored until i=" + i + ": " + a[0] + a[1] + a[2] + "\n"); }
  array<Obj@> objs = {Obj(1), Obj(2), null, Obj(4)};
  try { print("" + sumHandles(objs) + "\n"); } catch { print("null element: " + getExceptionInfo() + "\n"); }
  @objs[2] = Obj(3);
  print("" + sumHandles(objs) + " " + pick(objs, 3).v + "\n");
  for (uint k = 0; k < objs.length(); k++) { Obj@ o = objs[k]; o.v += 10; i = o.v; if (k == 1) @o = objs[0]; i += o.v; }
  print("" + i + " " + objs[0].v + "\n");
  Box b; print("" + b.sumSwap() + "\n");
  array<int8> s8 = {-3, 127}; s8[0] = s8[0] - 1; s8[1]++;
  array<uint8> u8 = {250}; u8[0] += 10;
  array<int16> s16 = {-300}; s16[0] *= 2;
  array<uint16> u16 = {65535}; u16[0] += 2;
  array<int64> s64 = {1}; s64[0] = s64[0] << 40;
  array<double> d = {0.5}; d[0] = d[0] * 3;
  print(s8[0] + " " + s8[1] + " " + u8[0] + " " + s16[0] + " " + u16[0] + " " + s64[0] + " " + d[0] + "\n");
  int n = 0;
  for (int k = 0; k <= 5; k++) { if (k == 2) continue; n += k; }
  for (uint k = 0; k <= 3; k++) n += int(k);
  for (int k = -5; k < 100000; k++) n++;
  for (int k = 0; k <= 100000; k++) n--;
  uint lim = 4;
  for (uint k = 0; k < lim; k++) n += 2;
  int w = 0; while (w < 7) { w++; }
  print("" + n + " " + w + "\n");
}
// expect: caught at i=0
// expect: stored until i=3: 135
// expect: null element: Null pointer access
// expect: 10 4
// expect: 28 11
// expect: 13
// expect: -4 -128 4 -600 1 1099511627776 1.5
// expect: 31 7
