// Objects in a reference cycle survive the loss of all outside handles; the garbage collector
// destroys them later (at the latest when the engine shuts down, after main returns).
// Destructors print an anonymous line so the test does not depend on the collector's order.
class N {
  N@ other;
  ~N() { print("dtor\n"); }
}
void main() {
  N@ a = N();
  N@ b = N();
  @a.other = b;
  @b.other = a;
  @a = null;
  @b = null;
  print("end of main\n");
}

// expect: end of main
// expect: dtor
// expect: dtor
