// Handles start as null; is / !is compare identity with null.
class C { int v = 1; }
void main() {
  C@ h;
  print("" + (h is null) + "\n");
  @h = C();
  print("" + (h !is null) + " " + h.v + "\n");
  @h = null;
  print("" + (h is null) + "\n");
}

// expect: true
// expect: true 1
// expect: true
