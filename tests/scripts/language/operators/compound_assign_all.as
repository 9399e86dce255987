// All 12 compound assignment operators on int.
void main() {
  int a = 100;
  a += 5; print("" + a + "\n");
  a -= 3; print("" + a + "\n");
  a *= 2; print("" + a + "\n");
  a /= 7; print("" + a + "\n");
  a %= 8; print("" + a + "\n");
  a **= 3; print("" + a + "\n");
  a &= 0xF0; print("" + a + "\n");
  a |= 0x0F; print("" + a + "\n");
  a ^= 0xFF; print("" + a + "\n");
  a <<= 4; print("" + a + "\n");
  a >>= 2; print("" + a + "\n");
  a = -64;
  a >>>= 2; print("" + a + "\n");
  a = -64;
  a >>= 2; print("" + a + "\n");
}

// expect: 105
// expect: 102
// expect: 204
// expect: 29
// expect: 5
// expect: 125
// expect: 112
// expect: 127
// expect: 128
// expect: 2048
// expect: 512
// expect: -16
// expect: 1073741808
