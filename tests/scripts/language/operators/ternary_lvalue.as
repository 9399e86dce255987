// A conditional expression whose both branches are lvalues of the same type can be assigned to.
void main() {
  int a = 1, b = 2;
  bool c = true;
  (c ? a : b) = 10;
  print("" + a + " " + b + "\n");
  c = false;
  (c ? a : b) = 20;
  print("" + a + " " + b + "\n");
}

// expect: 10 2
// expect: 10 20
