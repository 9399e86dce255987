// Operands of binary operators are evaluated left to right.
int v(int x) { print("" + x + " "); return x; }
void main() {
  int r = v(1) + v(2) * v(3);
  print("=> " + r + "\n");
  r = v(4) - v(5) - v(6);
  print("=> " + r + "\n");
  bool b = v(7) < v(8);
  print("=> " + b + "\n");
  r = v(2) ** v(3);
  print("=> " + r + "\n");
}

// expect: 1 2 3 => 7
// expect: 4 5 6 => -7
// expect: 7 8 => true
// expect: 2 3 => 8
