// find/findByRef/insertLast on arrays of handles: the `const T &in` argument is a reference to a
// handle. find compares with opEquals and matches null with null; findByRef compares addresses.
class P {
  int v;
  P(int x) { v = x; }
  bool opEquals(const P &in o) const { return v == o.v; }
}
void main() {
  array<int> k = {1, 2};
  array<int> same = {1, 2};
  array<array<int>@> hs = {null, k, null};
  print("" + hs.find(same) + " " + hs.find(null) + " " + hs.find(2, null) + " " + hs.findByRef(same) + " " + hs.findByRef(k) + "\n");
  P p(8);
  array<P@> h = {P(2), null, p};
  h.insertLast(P(8));
  h.insertAt(0, p);
  print("" + h.length() + " " + h.find(P(8)) + " " + h.find(1, P(8)) + " " + h.findByRef(p) + " " + h.findByRef(1, p) + " " + h.find(null) + "\n");
  array<P@> f(2, p);
  print("" + (f[1] is p) + "\n");
}

// expect: 1 0 2 -1 1
// expect: 5 0 3 0 3 2
// expect: true
