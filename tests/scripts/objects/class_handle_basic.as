// Handles share one object; value assignment copies.
class C { int v = 0; }
void main() {
  C a;
  C@ h = a;
  h.v = 5;
  print("" + a.v + "\n");
  C b;
  b = a;
  b.v = 9;
  print("" + a.v + " " + b.v + "\n");
  print("" + (h is a) + " " + (b is a) + "\n");
}

// expect: 5
// expect: 5 9
// expect: true false
