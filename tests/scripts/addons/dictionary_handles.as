// Storing object handles in a dictionary and retrieving them with cast<T>.
class Obj { int v; Obj(int x) { v = x; } }
void main() {
  dictionary d;
  Obj o(5);
  @d["h"] = o;
  Obj@ h = cast<Obj>(d["h"]);
  print("" + (h is o) + " " + h.v + "\n");
  d.set("h2", @o);
  Obj@ h2;
  print("" + d.get("h2", @h2) + " " + (h2 is o) + "\n");
  Obj@ none = cast<Obj>(d["missing"]);
  print("" + (none is null) + "\n");
}

// expect: true 5
// expect: true true
// expect: true
