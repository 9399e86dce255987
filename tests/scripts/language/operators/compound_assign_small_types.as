// Compound assignment on small integer types wraps to the variable's type.
void main() {
  uint8 a = 250;
  a += 10; print("" + a + "\n");
  a -= 20; print("" + a + "\n");
  a *= 3; print("" + a + "\n");
  int8 b = 100;
  b += 100; print("" + b + "\n");
  b <<= 1; print("" + b + "\n");
  int16 c = 1;
  c <<= 15; print("" + c + "\n");
  uint16 d = 1;
  d -= 2; print("" + d + "\n");
}

// expect: 4
// expect: 240
// expect: 208
// expect: -56
// expect: -112
// expect: -32768
// expect: 65535
