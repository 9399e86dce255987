// When weak references see an object die: its flag is set as the last reference goes, before the
// destructor runs (the destructor's own weakref to it is already null); an object resurrected by
// its destructor stays dead to weak references, new ones included, and its destructor runs once.
// Objects the cycle collector destroys still see each other through weak references in their
// destructors (the collector runs them before any of the objects is released).
class C { int v = 3; ~C() { print("dtor " + (g.get() is null) + "\n"); @keep = this; } }
weakref<C> g;
C@ keep;
class N { N@ next; weakref<N> w; ~N() { print("N dtor " + (w.get() is null) + "\n"); } }
void main() {
  C@ c = C();
  @g = c;
  print("" + (g.get() is c) + "\n");
  @c = null;
  print("" + (g.get() is null) + " " + (keep !is null) + " " + keep.v + "\n");
  weakref<C> g2(keep);
  print("" + (g2.get() is null) + " " + (g == g2) + "\n");
  @keep = null;
  N a;
  N b;
  @a.next = b;
  @b.next = a;
  @a.w = b;
  @b.w = a;
  print("end of main\n");
}

// expect: true
// expect: dtor true
// expect: true true 3
// expect: true true
// expect: end of main
// expect: N dtor false
// expect: N dtor false
