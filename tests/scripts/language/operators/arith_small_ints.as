// Arithmetic on int8/int16/uint8/uint16 variables (computed in 32 bits).
void main() {
  int8 a = -100; int8 b = 3;
  print("" + (a + b) + " " + (a - b) + " " + (a * b) + " " + (a / b) + " " + (a % b) + "\n");
  uint8 c = 250; uint8 d = 7;
  print("" + (c + d) + " " + (c - d) + " " + (c * d) + " " + (c / d) + " " + (c % d) + "\n");
  int16 e = -30000; int16 f = 7;
  print("" + (e + f) + " " + (e - f) + " " + (e * f) + " " + (e / f) + " " + (e % f) + "\n");
  uint16 g = 65000; uint16 h = 9;
  print("" + (g + h) + " " + (g - h) + " " + (g * h) + " " + (g / h) + " " + (g % h) + "\n");
}

// expect: -97 -103 -300 -33 -1
// expect: 257 243 1750 35 5
// expect: -29993 -30007 -210000 -4285 -5
// expect: 65009 64991 585000 7222 2
