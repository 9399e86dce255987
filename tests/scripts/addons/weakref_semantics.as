// weakref semantics: identity and equality outlive the object; copies share the flag;
// re-pointing one weak reference leaves its copies alone.
class C { int v; C(int x) { v = x; } }
void main() {
  C@ a = C(1);
  C@ b = C(2);
  weakref<C> w(a);
  weakref<C> copy = w;
  const_weakref<C> cw(a);
  @a = null;
  print("" + (w.get() is null) + " " + (copy.get() is null) + " " + (cw.get() is null) + "\n");
  print("" + (w == null) + " " + (w == copy) + "\n");
  @copy = b;
  print("" + (copy.get() is b) + " " + (w.get() is null) + " " + (w == copy) + "\n");
  w = copy;
  print("" + (w.get().v) + "\n");
  @w = null;
  print("" + (w == null) + " " + (w.get() is null) + " " + (copy.get() is b) + "\n");
  const_weakref<C> cb(b);
  const C@ cbh = cb;
  print("" + (cbh is b) + " " + (cb == b) + "\n");
  @b = null;
  @cbh = null;
  @cbh = cb.get();
  print("" + (cbh is null) + " " + (copy.get() is null) + "\n");
}

// expect: true true true
// expect: false true
// expect: true true false
// expect: 2
// expect: true true true
// expect: true true
// expect: true true
