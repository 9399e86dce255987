// const_weakref and the implicit cast of weakref to a handle.
class C { int v = 1; }
void main() {
  C@ obj = C();
  const_weakref<C> cw(obj);
  const C@ c = cw.get();
  print("" + c.v + "\n");
  weakref<C> w;
  print("" + (w.get() is null) + "\n");
  @w = obj;
  C@ h = w;
  print("" + (h is obj) + "\n");
  weakref<C> w2 = w;
  print("" + (w2.get() is obj) + "\n");
}

// expect: 1
// expect: true
// expect: true
// expect: true
