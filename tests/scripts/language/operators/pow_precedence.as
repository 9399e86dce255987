// ** binds tighter than * and unary minus binds tighter than **.
void main() {
  int a = 2;
  print("" + (3 * a ** 2) + "\n");
  print("" + (-a ** 2) + "\n");
  print("" + (a ** 2 * 3) + "\n");
  print("" + (1 + a ** 3) + "\n");
}

// expect: 12
// expect: 4
// expect: 12
// expect: 9
