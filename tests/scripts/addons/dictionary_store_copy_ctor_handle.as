// Copying a script object (a dictionary stores a value) uses its copy constructor, also one that
// takes a handle of the class, when it has no default constructor.
class Organelle {
  Organelle(const string &in name, int cost) { this.cost = cost; this.name = name; }
  int cost;
  string name;
}
class Placed {
  Placed(Organelle@ o, int q) { @this.o = o; this.q = q; }
  Placed(Placed@ other) { @this.o = other.o; this.q = other.q; print("copied\n"); }
  int q;
  Organelle@ o;
}
void main() {
  Placed@ p = Placed(Organelle("cytoplasm", 10), 1);
  dictionary data;
  data["p"] = p;
  Placed@ p2 = cast<Placed>(data["p"]);
  print((p2 is p) + " " + p2.q + " " + p2.o.name + "\n");
}
// expect: copied
// expect: false 1 cytoplasm
