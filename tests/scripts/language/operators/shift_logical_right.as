// >> is a LOGICAL (zero-filling) right shift in AngelScript, also on signed types.
void main() {
  int a = -8;
  print("" + (a >> 1) + "\n");
  print("" + (a >> 28) + "\n");
  int b = 256;
  print("" + (b >> 4) + "\n");
  uint u = 0x80000000;
  print("" + (u >> 31) + "\n");
  int64 l = -8;
  print("" + (l >> 1) + "\n");
  print("" + (l >> 60) + "\n");
  print("" + (-8 >> 1) + "\n");
}

// expect: 2147483644
// expect: 15
// expect: 16
// expect: 1
// expect: 9223372036854775804
// expect: 15
// expect: 2147483644
