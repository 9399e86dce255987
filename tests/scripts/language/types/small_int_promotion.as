// Arithmetic on int8/int16/uint8/uint16 is done in 32 bits; the result only wraps when stored.
void main() {
  int8 a = 100, b = 100;
  int r = a + b;
  print("" + r + "\n");
  print("" + (a + b) + "\n");
  uint8 c = 200, d = 100;
  print("" + (c + d) + "\n");
  uint r2 = c * d;
  print("" + r2 + "\n");
  int16 e = 30000;
  print("" + (e * 2) + "\n");
  int8 f = a + b;
  print("" + f + "\n");
}

// expect: 200
// expect: 200
// expect: 300
// expect: 20000
// expect: 60000
// expect: -56
