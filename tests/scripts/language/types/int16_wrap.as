// int16 and uint16 wrap-around.
void main() {
  int16 a = 32767;
  a++;
  print("" + a + "\n");
  int16 b = -32768;
  b--;
  print("" + b + "\n");
  uint16 c = 65535;
  c++;
  print("" + c + "\n");
  uint16 d = 0;
  d--;
  print("" + d + "\n");
  int16 e = 300;
  e *= 200;
  print("" + e + "\n");
}

// expect: -32768
// expect: 32767
// expect: 0
// expect: 65535
// expect: -5536
