// A5/A6: a non-explicit single-argument constructor converts implicitly for by-value parameters
// and assignment (through opAssign of a temporary); anonymous objects `V(7)`; `explicit` ctor.
class V { int v; V() {} V(int x) { v = x; } }
class E { int v; E() {} E(int x) explicit { v = x; } }
void take(V a) { print("take " + a.v + "\n"); }
void takeh(V@ a) { print("takeh " + a.v + "\n"); }
void main() {
  V a(5);
  print("" + a.v + "\n");
  take(6);
  take(V(7));
  takeh(V(8));
  E e = E(9);
  print("" + e.v + " " + V(3).v + "\n");
  V b;
  b = 4;
  print("" + b.v + "\n");
}
// expect: 5
// expect: take 6
// expect: take 7
// expect: takeh 8
// expect: 9 3
// expect: 4
