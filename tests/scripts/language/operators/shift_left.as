// << on int, uint, int64, uint64.
void main() {
  int a = 1;
  print("" + (a << 4) + " " + (a << 31) + "\n");
  int n = -3;
  print("" + (n << 2) + "\n");
  uint u = 0xF0000000;
  print("" + (u << 1) + "\n");
  int64 l = 1;
  print("" + (l << 40) + " " + (l << 63) + "\n");
  uint64 ul = 3;
  print("" + (ul << 62) + "\n");
}

// expect: 16 -2147483648
// expect: -12
// expect: 3758096384
// expect: 1099511627776 -9223372036854775808
// expect: 13835058055282163712
