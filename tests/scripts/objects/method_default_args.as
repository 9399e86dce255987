// Default arguments on methods and constructors.
class C {
  int a, b;
  C(int x = 1, int y = 2) { a = x; b = y; }
  int sum(int extra = 0) { return a + b + extra; }
}
void main() {
  C c1;
  C c2(10);
  C c3(10, 20);
  print("" + c1.sum() + " " + c2.sum() + " " + c3.sum(5) + "\n");
}

// expect: 3 12 35
