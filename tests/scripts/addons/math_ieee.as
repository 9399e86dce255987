// fpToIEEE / fpFromIEEE for float and double.
void main() {
  print(formatUInt(fpToIEEE(1.0f), "H") + "\n");
  print(formatUInt(fpToIEEE(-2.0f), "H") + "\n");
  print(formatUInt(fpToIEEE(1.0), "H") + "\n");
  print(formatUInt(fpToIEEE(0.5), "H") + "\n");
  print("" + fpFromIEEE(uint(0x40490FDB)) + "\n");
  print("" + fpFromIEEE(uint64(0x4000000000000000)) + "\n");
  float x = fpFromIEEE(uint(0x3F800000));
  print("" + x + "\n");
}

// expect: 3F800000
// expect: C0000000
// expect: 3FF0000000000000
// expect: 3FE0000000000000
// expect: 3.14159
// expect: 2
// expect: 1
