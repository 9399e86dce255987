// array<T>: sortAsc/sortDesc of handles (null first) and of value objects with a range, find vs findByRef,
// insertAt of itself, removeRange, reverse, copies of value and handle arrays, double and string sorts.
class P { int v; P() { v = 0; } P(int x) { v = x; } int opCmp(const P &in o) const { return v - o.v; } bool opEquals(const P &in o) const { return v == o.v; } }
string s(const array<P@> &in a) { string r; for (uint i = 0; i < a.length(); i++) r += (a[i] is null ? "n" : "" + a[i].v) + ","; return r; }
string s(const array<P> &in a) { string r; for (uint i = 0; i < a.length(); i++) r += a[i].v + ","; return r; }
void main() {
  array<P@> h = {P(3), null, P(1), P(2)};
  h.sortAsc(); print(s(h) + "\n");
  h.sortDesc(); print(s(h) + "\n");
  P@ x = h[1];
  print(h.find(P(2)) + " " + h.findByRef(x) + " " + h.findByRef(P(2)) + "\n");
  array<P> vals = {P(5), P(4), P(6)};
  vals.sortAsc(1, 2); print(s(vals) + "\n");
  print(vals.find(P(6)) + " " + vals.findByRef(vals[2]) + "\n");
  vals.insertAt(1, vals); print(s(vals) + "\n");
  vals.removeRange(0, 4); print(s(vals) + "\n");
  vals.reverse(); vals.insertLast(P(9)); vals.reverse(); print(s(vals) + "\n");
  array<P> copy = vals; copy[0].v = 100; print(s(vals) + " " + (copy == vals) + "\n");
  array<P@> hc = h; hc[0].v = 50; print(s(h) + " " + (hc == h) + "\n");
  array<int> r = {3, 1, 2}; r.sortDesc(0, 2); print(r[0] + "" + r[1] + r[2] + "\n");
  array<double> d = {0.5, -1.5, 2}; d.sortAsc(); print(d[0] + " " + d[2] + " " + d.find(2) + "\n");
  array<string> st = {"b", "", "a"}; st.sortDesc(); print(st[0] + st[1] + "[" + st[2] + "]\n");
}

// expect: n,1,2,3,
// expect: 3,2,1,n,
// expect: 1 1 -1
// expect: 5,4,6,
// expect: 2 2
// expect: 5,5,4,6,4,6,
// expect: 4,6,
// expect: 9,4,6,
// expect: 9,4,6, false
// expect: 50,2,1,n, true
// expect: 312
// expect: -1.5 2 2
// expect: ba[]
