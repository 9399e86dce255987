// An abstract class cannot be instantiated.
abstract class Shape {
  double area() { return 0; }
}
void main() {
  Shape s;
}

// expect-error: 6 Abstract class 'Shape' cannot be instantiated
