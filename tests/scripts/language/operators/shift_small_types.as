// Shifting int8/uint8/int16 values: the operand is widened to 32 bits first.
void main() {
  int8 a = -8;
  print("" + (a >> 1) + " " + (a >>> 1) + " " + (a << 1) + "\n");
  uint8 b = 0x80;
  print("" + (b >> 1) + " " + (b >>> 1) + " " + (b << 1) + "\n");
  int16 c = -2;
  print("" + (c >> 1) + " " + (c >>> 1) + "\n");
  int8 d = 64;
  d <<= 1;
  print("" + d + "\n");
}

// expect: 2147483644 -4 -16
// expect: 64 64 256
// expect: 2147483647 -1
// expect: -128
