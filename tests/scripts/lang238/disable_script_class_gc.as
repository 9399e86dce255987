// engine-property: DISABLE_SCRIPT_CLASS_GC=1
// reference: 2.38 (asEP_DISABLE_SCRIPT_CLASS_GC is 2.37's)
// With DISABLE_SCRIPT_CLASS_GC=1 script objects are freed by reference counting only: an object
// whose last handle goes is destroyed at once as always, but objects that hold each other (a
// cycle) are never collected, so their destructors never run, not even when the engine shuts
// down (the reference leaks them; angelc frees their memory then, without running script code).
// Without the property the collector destroys the cycle at shutdown (objects/gc_cycle.as).
class Node {
  string name;
  Node@ other;
  Node(string n) { name = n; }
  ~Node() { print("destroy " + name + "\n"); }
}
void cycle() {
  Node a("a"), b("b");
  @a.other = b;
  @b.other = a;
}
void main() {
  cycle();
  {
    Node single("single");
  }
  Node c("c");
  array<Node@> list = {Node("in array")};
  @list[0].other = Node("held");
  print("end main\n");
}
// expect: destroy single
// expect: end main
// expect: destroy c
// expect: destroy in array
// expect: destroy held
