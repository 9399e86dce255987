// A class deriving from an abstract class can be instantiated and used through a base handle.
abstract class Shape {
  double area() { return 0; }
  string name() { return "shape with area " + area(); }
}
class Square : Shape {
  double side;
  Square(double s) { side = s; }
  double area() override { return side * side; }
}
void main() {
  Shape@ s = Square(3);
  print(s.name() + "\n");
}

// expect: shape with area 9
