// uint8 holds 0..255 and wraps on overflow when stored.
void main() {
  uint8 a = 255;
  a++;
  print("" + a + "\n");
  a--;
  print("" + a + "\n");
  uint8 b = 200;
  b += 100;
  print("" + b + "\n");
  uint8 c = 0;
  c -= 1;
  print("" + c + "\n");
}

// expect: 0
// expect: 255
// expect: 44
// expect: 255
