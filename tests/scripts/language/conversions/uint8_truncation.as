// Storing wider values in uint8 truncates to 8 bits.
void main() {
  uint8 a = uint8(256);
  uint8 b = uint8(257);
  uint8 c = uint8(-1);
  uint v = 511;
  uint8 d = uint8(v);
  uint8 e = 0;
  e = uint8(e + 300);
  print("" + a + " " + b + " " + c + " " + d + " " + e + "\n");
}

// expect: 0 1 255 255 44
