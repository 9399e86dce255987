// array<T>: named child funcdef array<T>::less, (uint, const T&in) factory, handle init list,
// find(start, v), nested array ==, index/removeAt/removeRange errors.
bool desc(const int &in a, const int &in b) { return a > b; }
void main() {
  array<int>::less@ f = desc;
  array<int> a = {3, 1, 2};
  a.sort(f);
  print(a[0] + "" + a[1] + a[2] + "\n");
  array<int>::less@ g = function(a, b) { return a < b; };
  a.sort(g);
  print(a[0] + "" + a[1] + a[2] + "\n");
  array<int> b(3, 7);
  print(b.length() + " " + b[2] + "\n");
  array<string> c(2, "x");
  print(c[0] + c[1] + "\n");
  array<int>@ h = {4, 5};
  print(h.length() + " " + h[1] + "\n");
  int[] d = {1, 2, 3, 2, 1};
  print(d.find(3, 2) + " " + d.find(1, 1) + " " + d.find(5, 1) + "\n");
  a.removeAt(0);
  a.insertLast(9);
  print(a[0] + "" + a[1] + a[2] + " " + a.isEmpty() + "\n");
  a.resize(0);
  print(a.isEmpty() + " " + (a == array<int>()) + "\n");
  array<array<int>> m = {{1}, {2, 3}};
  array<array<int>> m2 = {{1}, {2, 3}};
  print((m == m2) + " " + m[1].length() + "\n");
  m2[1][1] = 4;
  print((m == m2) + "\n");
  a.reserve(100);
  print(a.length() + "\n");
  try { int x = d[5]; } catch { print(getExceptionInfo() + "\n"); }
  try { d.removeAt(5); } catch { print(getExceptionInfo() + "\n"); }
  try { d.removeRange(9, 1); print("rr ok " + d.length() + "\n"); } catch { print(getExceptionInfo() + "\n"); }
}

// expect: 321
// expect: 123
// expect: 3 7
// expect: xx
// expect: 2 5
// expect: 3 4 -1
// expect: 239 false
// expect: true true
// expect: true 2
// expect: false
// expect: 0
// expect: Index out of bounds
// expect: Index out of bounds
// expect: Index out of bounds
