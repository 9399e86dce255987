// Shift counts >= the width: the reference (x86) masks the count to 5 bits (32-bit) or
// 6 bits (64-bit), so 1 << 32 == 1 and 1 << 33 == 2.
void main() {
  int one = 1;
  int c32 = 32, c33 = 33, c31 = 31;
  print("" + (one << c32) + " " + (one << c33) + " " + (one << c31) + "\n");
  int m = -8;
  print("" + (m >> c32) + " " + (m >>> c32) + " " + (m >>> c33) + "\n");
  uint u = 16;
  print("" + (u >> c33) + "\n");
  int64 l = 1;
  int c64 = 64, c65 = 65;
  print("" + (l << c64) + " " + (l << c65) + "\n");
}

// expect: 1 2 -2147483648
// expect: -8 -8 -4
// expect: 8
// expect: 1 2
