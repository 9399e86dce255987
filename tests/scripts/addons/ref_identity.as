// is / !is on ref compare the referenced object.
class C {}
void main() {
  C a, b;
  ref@ r1 = a;
  ref@ r2 = a;
  ref@ r3 = b;
  print("" + (r1 is r2) + " " + (r1 is r3) + " " + (r1 !is r3) + "\n");
  print("" + (r1 is a) + "\n");
}

// expect: true false true
// expect: true
