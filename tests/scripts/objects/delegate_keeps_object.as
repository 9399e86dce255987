// A delegate keeps its object alive after the creating scope ends.
funcdef int Getter();
class Box {
  int v;
  Box(int x) { v = x; }
  int get() { return v; }
}
Getter@ make() {
  Box b(11);
  return Getter(b.get);
}
void main() {
  Getter@ g = make();
  print("" + g() + "\n");
  @g = null;
  print("end\n");
}

// expect: 11
// expect: end
