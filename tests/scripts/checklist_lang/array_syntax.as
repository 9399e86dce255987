// A2: `T[]` sugar for array<T>, nested `int[][]`, `T@[]`, `array<T@>@`, `array<T>@[]`, and the
// child funcdef `array<T>::less`.
class C { int v; C() {} C(int x) { v = x; } }
bool desc(const int &in a, const int &in b) { return a > b; }
void main() {
  int[] a = {1, 2, 3};
  array<int> b = a;
  int[][] m = {{1, 2}, {3}};
  print("" + a.length() + " " + b[2] + " " + m[0][1] + " " + m[1].length() + "\n");
  C@[] hs = {C(5), null, C(7)};
  print("" + hs.length() + " " + (hs[1] is null) + " " + hs[2].v + "\n");
  array<C@>@ ph = hs;
  ph.insertLast(C(9));
  print("" + hs.length() + "\n");
  array<array<int>> n(2);
  n[1].insertLast(4);
  print("" + n[1][0] + "\n");
  array<int>@[] ha = {a, b};
  ha[0].insertLast(4);
  print("" + a.length() + "\n");
  array<int>::less@ f = desc;
  a.sort(f);
  print("" + a[0] + a[3] + "\n");
}
// expect: 3 3 2 1
// expect: 3 true 7
// expect: 4
// expect: 4
// expect: 4
// expect: 41
