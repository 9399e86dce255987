// Converting a negative double to an unsigned type goes through the signed type of the same size.
void main() {
  double d = -1;
  uint a = uint(d);
  uint64 b = uint64(d);
  uint8 c = uint8(d);
  uint16 e = uint16(d);
  print("" + a + " " + b + " " + c + " " + e + "\n");
  double big = 3000000000.0;
  int64 l = int64(big);
  print("" + l + "\n");
}

// expect: 4294967295 18446744073709551615 255 65535
// expect: 3000000000
