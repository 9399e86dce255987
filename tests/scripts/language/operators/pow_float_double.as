// ** on float and double.
void main() {
  double a = 2.0;
  print("" + (a ** 0.5) + "\n");
  print("" + (a ** -1.0) + "\n");
  print("" + (a ** 10.0) + "\n");
  float f = 9.0f;
  print("" + (f ** 0.5f) + "\n");
  print("" + (2.0 ** 3) + "\n");
  int i = 2;
  print("" + (i ** 0.5) + "\n");
  print("" + (1.5 ** 2) + "\n");
}

// expect: 1.41421
// expect: 0.5
// expect: 1024
// expect: 3
// expect: 8
// expect: 1.41421
// expect: 2.25
