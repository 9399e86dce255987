// weakref's handle assignments called by name (opHndlAssign from a handle and from another weak
// reference), opEquals; const_weakref from weakref.
class C { int v = 1; }
void main() {
  C@ a = C();
  weakref<C> w;
  w.opHndlAssign(a);
  C@ g = w.get();
  print("" + (g is a) + " " + w.opEquals(a) + "\n");
  weakref<C> w2;
  w2.opHndlAssign(w);
  const_weakref<C> cw;
  cw.opHndlAssign(w);
  const C@ cg = cw.get();
  print("" + w2.opEquals(w) + " " + (cg is a) + " " + cw.opEquals(w) + "\n");
  w.opHndlAssign(null);
  @g = w.get();
  print("" + (g is null) + "\n");
  @a = null;
  @cg = null;
  @cg = cw.get();
  print("" + (cg is null) + "\n");
}

// expect: true true
// expect: true true false
// expect: true
// expect: true
