// weakref / const_weakref without handle assignment: construction, get(), copies, comparisons,
// the object going away while the weak reference lives on.
class C { int v; C(int x) { v = x; } }
void main() {
  C@ a = C(1);
  C@ b = C(2);
  weakref<C> wa(a);
  weakref<C> wb(b);
  weakref<C> wa2 = wa;
  weakref<C> empty;
  C@ g = wa.get();
  C@ ge = empty.get();
  print("" + (wa == wa2) + " " + (wa == wb) + " " + (g is a) + " " + (ge is null) + "\n");
  print("" + (wa == a) + " " + (wa == b) + " " + (empty == null) + "\n");
  const_weakref<C> ca(a);
  const C@ cg = ca.get();
  print("" + ca.get().v + " " + (cg is a) + "\n");
  weakref<C> w3;
  w3 = wb;
  @g = w3.get();
  print("" + (g is b) + "\n");
  @a = null;
  @g = null;
  @cg = null;
  @g = wa.get();
  C@ g2 = wa2.get();
  @cg = ca.get();
  C@ g3 = w3.get();
  print("" + (g is null) + " " + (g2 is null) + " " + (cg is null) + " " + (g3 is b) + "\n");
  weakref<C> w4(C(3));
  @g = w4.get();
  print("" + (g is null) + "\n");
}

// expect: true false true true
// expect: true false true
// expect: 1 true
// expect: true
// expect: true true true true
// expect: true
