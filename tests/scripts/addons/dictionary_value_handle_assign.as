// @v = obj on a dictionaryValue (an AS_OBJ_ASHANDLE value type) calls its opHndlAssign(const ?&in).
class Obj {}
void main() {
  dictionary d;
  Obj o;
  @d["h"] = o;
  Obj@ h;
  print("" + d.get("h", @h) + " " + (h is o) + "\n");
}

// expect: true true
