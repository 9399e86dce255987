// Unary minus on a uint variable is accepted and gives a signed int.
void f(int x) { print("int " + x + "\n"); }
void f(uint x) { print("uint " + x + "\n"); }
void main() {
  uint u = 5;
  f(-u);
  int i = -u;
  print("" + i + "\n");
}

// expect: int -5
// expect: -5
