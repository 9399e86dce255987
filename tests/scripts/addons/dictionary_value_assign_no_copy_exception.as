// Storing a handle in a dictionary by value assignment copies the object; a class without a
// default constructor cannot be copied that way.
class Organelle {}
class Placed {
  Placed(Organelle@ o) { @this.o = o; }
  Organelle@ o;
}
void main() {
  Placed@ p = Placed(Organelle());
  dictionary data;
  @data["p"] = p;
  print("handle ok\n");
  data["p"] = p;
}
// expect: handle ok
// expect-exception: Cannot create copy of object
