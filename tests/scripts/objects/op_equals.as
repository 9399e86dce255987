// opEquals provides == and !=.
class P {
  int x, y;
  P(int a, int b) { x = a; y = b; }
  bool opEquals(const P &in o) const { print("opEquals "); return x == o.x && y == o.y; }
}
void main() {
  P a(1, 2), b(1, 2), c(2, 1);
  print("" + (a == b) + "\n");
  print("" + (a != c) + "\n");
  print("" + (a == c) + "\n");
}

// expect: opEquals true
// expect: opEquals true
// expect: opEquals false
