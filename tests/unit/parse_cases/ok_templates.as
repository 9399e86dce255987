// Templates and the >> split
array<array<int>> g1;
array<array<array<int>>> g2;
array<int@>@ g3;
array<const int> g4;
grid<int> gr(2, 2);
array<array<int>@>[] g5;
void main() {
  array<array<int>> a;
  array<array<array<int>>> b;
  array<int>@[] c;
  int x = 1, y = 2;
  bool lt = x < y;
  bool cmp = x < y && y > x;
  bool gt = x>>1 > y;
  array<array<int>@> d = {array<int> = {1}};
  a = array<array<int>>(2);
  array<int>[] e;
  int@ ih;
  const array<int>@ const f = null;
  weakref<array<int>> wr;
}
