// float/double -> int conversion truncates toward zero.
void main() {
  double a = 3.7;
  double b = -3.7;
  int ia = int(a);
  int ib = int(b);
  print("" + ia + " " + ib + "\n");
  float c = 2.99f;
  print("" + int(c) + " " + int(-c) + "\n");
  print("" + int64(1e15) + "\n");
  print("" + uint(3.9) + "\n");
  print("" + int8(100.9) + "\n");
}

// expect: 3 -3
// expect: 2 -2
// expect: 1000000000000000
// expect: 3
// expect: 100
