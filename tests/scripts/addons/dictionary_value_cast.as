// cast<T>(v) on a dictionaryValue goes through its `void opCast(?&out)`.
class Obj { int v = 3; }
void main() {
  dictionary d;
  Obj o;
  d.set("h", @o);
  Obj@ h = cast<Obj>(d["h"]);
  print("" + (h is o) + " " + h.v + "\n");
}

// expect: true 3
