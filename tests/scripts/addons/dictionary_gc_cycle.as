// A dictionary that holds a handle to the object that holds the dictionary: the cycle is
// collected by the garbage collector (here at the end, when the engine goes); so is a dictionary
// that holds itself.
class Node {
  string name;
  dictionary links;
  Node(const string &in n) { name = n; }
  ~Node() { print("~Node " + name + "\n"); }
}
class Holder { dictionary links; }
void main() {
  Node@ b = Node("b");
  b.links.set("self", @b);
  b.links["again"] = 1;
  dictionary@ d = dictionary();
  d.set("me", @d);
  any@ x = any();
  x.store(@x);
  Holder@ c = Holder();
  any@ y = any(@c);
  c.links.set("y", @y);
  @b = null;
  @c = null;
  print("end of main\n");
}

// expect: end of main
// expect: ~Node b
