// A class with properties, a constructor and methods.
class Point {
  int x;
  int y;
  Point(int x, int y) { this.x = x; this.y = y; }
  int sum() { return x + y; }
  void move(int dx, int dy) { x += dx; y += dy; }
}
void main() {
  Point p(1, 2);
  print("" + p.x + " " + p.y + " " + p.sum() + "\n");
  p.move(10, 20);
  print("" + p.x + " " + p.y + "\n");
}

// expect: 1 2 3
// expect: 11 22
