// Arrays of script class objects and handles: default construction, copies, find by opEquals,
// sortAsc/sortDesc by opCmp (null handles first), findByRef of an element.
class P {
  int v;
  P() { v = -1; }
  P(int x) { v = x; }
  bool opEquals(const P &in o) const { return v == o.v; }
  int opCmp(const P &in o) const { return v - o.v; }
}
string str(const array<P> &in a) { string s; for (uint i = 0; i < a.length(); i++) s += (i > 0 ? "," : "") + a[i].v; return s; }
string strh(const array<P@> &in a) { string s; for (uint i = 0; i < a.length(); i++) s += (i > 0 ? "," : "") + (a[i] is null ? "null" : "" + a[i].v); return s; }
void main() {
  array<P> a(2);
  print(str(a) + "\n");
  a.insertLast(P(5));
  a.insertAt(0, P(3));
  P p(7);
  a.insertLast(p);
  p.v = 8;
  print(str(a) + " " + a.find(P(5)) + " " + a.find(P(8)) + " " + a.findByRef(a[2]) + "\n");
  a.sortDesc();
  print(str(a) + "\n");
  array<P> b = a;
  b[0].v = 100;
  print(a[0].v + " " + b[0].v + " " + (a == b) + "\n");
  b[0].v = 7;
  print("" + (a == b) + "\n");
  array<P@> h(5);
  @h[0] = P(2);
  @h[2] = p;
  @h[3] = P(1);
  h.sortAsc();
  print(strh(h) + "\n");
  h.sortDesc();
  print(strh(h) + "\n");
  h.reverse();
  print(strh(h) + "\n");
}

// expect: -1,-1
// expect: 3,-1,-1,5,7 3 -1 2
// expect: 7,5,3,-1,-1
// expect: 7 100 false
// expect: true
// expect: null,null,1,2,8
// expect: 8,2,1,null,null
// expect: null,null,1,2,8
