// Enums convert implicitly to int and take part in arithmetic.
enum E { One = 1, Two, Three }
void takeInt(int x) { print("int " + x + "\n"); }
void main() {
  int x = Two;
  print("" + x + "\n");
  takeInt(Three);
  print("" + (One + Two * Three) + "\n");
  E e = Two;
  int y = e * 10;
  print("" + y + "\n");
  double d = e;
  print("" + d + "\n");
}

// expect: 2
// expect: int 3
// expect: 7
// expect: 20
// expect: 2
