// Classes inside namespaces.
namespace shapes {
  class Sq { int s; Sq(int x) { s = x; } int area() { return s * s; } }
}
void main() {
  shapes::Sq q(4);
  print("" + q.area() + "\n");
}

// expect: 16
