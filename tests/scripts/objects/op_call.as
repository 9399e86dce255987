// opCall makes an object callable.
class Adder {
  int base;
  Adder(int b) { base = b; }
  int opCall(int x) { return base + x; }
  int opCall(int x, int y) { return base + x + y; }
}
void main() {
  Adder add5(5);
  print("" + add5(10) + " " + add5(1, 2) + "\n");
}

// expect: 15 8
