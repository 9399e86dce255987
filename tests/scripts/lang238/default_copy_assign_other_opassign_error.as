// A class declaring any opAssign gets no copy opAssign from the compiler (2.38; 2.35.1 wrote one
// whenever no copy opAssign was declared).
// reference: 2.38
class C {
  int v = 1;
  void opAssign(int x) { v = x; }
}
void main() {
  C a, b;
  a = 4;
  b = a;
}

// expect-error: 11 No appropriate opAssign method found in 'C' for value assignment
