// weakref does not keep the object alive.
class C { int v = 7; }
void main() {
  C@ strong = C();
  weakref<C> w(strong);
  C@ got = w.get();
  print("" + (got !is null) + " " + got.v + "\n");
  @got = null;
  @strong = null;
  print("" + (w.get() is null) + "\n");
}

// expect: true 7
// expect: true
