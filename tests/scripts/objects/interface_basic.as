// Interfaces: classes implement them, handles of the interface call the implementation.
interface IShape {
  double area();
  string name();
}
class Circle : IShape {
  double r;
  Circle(double radius) { r = radius; }
  double area() { return 3 * r * r; }
  string name() { return "circle"; }
}
class Rect : IShape {
  double w, h;
  Rect(double a, double b) { w = a; h = b; }
  double area() { return w * h; }
  string name() { return "rect"; }
}
void main() {
  array<IShape@> shapes = {Circle(2), Rect(2, 5)};
  for (uint i = 0; i < shapes.length(); i++)
    print(shapes[i].name() + " " + shapes[i].area() + "\n");
}

// expect: circle 12
// expect: rect 10
