// Narrowing integer conversions keep the low bits.
void main() {
  int i = 0x12345678;
  int8 a = int8(i);
  uint8 b = uint8(i);
  int16 c = int16(i);
  uint16 d = uint16(i);
  print("" + a + " " + b + " " + c + " " + d + "\n");
  int j = 200;
  print("" + int8(j) + "\n");
  int k = -1;
  print("" + uint8(k) + " " + uint16(k) + " " + uint(k) + "\n");
  int64 l = 0x1FFFFFFFF;
  print("" + int(l) + " " + uint(l) + "\n");
}

// expect: 120 120 22136 22136
// expect: -56
// expect: 255 65535 4294967295
// expect: -1 4294967295
