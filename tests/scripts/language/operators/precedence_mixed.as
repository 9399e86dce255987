// Mixed precedence: comparison < equality < logical, assignment lowest.
void main() {
  int a = 3, b = 4;
  bool r = a < b == b > a;
  print("" + r + "\n");
  r = a + 1 == b && b - 1 == a || false;
  print("" + r + "\n");
  r = !(a > b) && a != b;
  print("" + r + "\n");
  int c = a > b ? a : b + 10;
  print("" + c + "\n");
  c = 1 | 2 ^ 3 & 4 + 5 * 6 ** 2;
  print("" + c + "\n");
  c = -a ** 2;
  print("" + c + "\n");
}

// expect: true
// expect: true
// expect: true
// expect: 14
// expect: 3
// expect: 9
