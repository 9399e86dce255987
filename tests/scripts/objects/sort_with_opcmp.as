// array<T>::sortAsc/sortDesc use opCmp of script classes; find uses opEquals.
class V {
  int v;
  V() { v = 0; }
  V(int x) { v = x; }
  int opCmp(const V &in o) const { return v - o.v; }
  bool opEquals(const V &in o) const { return v == o.v; }
}
void main() {
  array<V> a = {V(3), V(1), V(2)};
  a.sortAsc();
  print("" + a[0].v + a[1].v + a[2].v + "\n");
  a.sortDesc();
  print("" + a[0].v + a[1].v + a[2].v + "\n");
  print("" + a.find(V(1)) + " " + a.find(V(7)) + "\n");
}

// expect: 123
// expect: 321
// expect: 2 -1
