// Constant expressions fold with the same wrap-around and shift semantics as run time.
void main() {
  int a = 2147483647 + 1;
  print("" + a + "\n");
  int b = 1 << 33;
  print("" + b + "\n");
  int c = -7 / 2;
  int d = -7 % 2;
  print("" + c + " " + d + "\n");
  int f = -8 >> 1;
  print("" + f + "\n");
  int64 g = 9223372036854775807 + 1;
  print("" + g + "\n");
  int h = 65536 * 65536;
  print("" + h + "\n");
  const int k = 2147483647;
  int m = k + 1;
  print("" + m + "\n");
  double n = 7 / 2;
  print("" + n + "\n");
}

// expect: -2147483648
// expect: 2
// expect: -3 -1
// expect: 2147483644
// expect: -9223372036854775808
// expect: 0
// expect: -2147483648
// expect: 3
