// 'this' inside methods; returning this for chaining.
class B {
  int total = 0;
  B@ add(int x) { total += x; return this; }
}
void main() {
  B b;
  b.add(1).add(2).add(3);
  print("" + b.total + "\n");
}

// expect: 6
