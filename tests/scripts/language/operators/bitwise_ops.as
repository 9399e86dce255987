// & | ^ ~ on int, uint and int64.
void main() {
  int a = 0x0F0F, b = 0x00FF;
  print("" + (a & b) + " " + (a | b) + " " + (a ^ b) + " " + (~a) + "\n");
  uint u = 0xF0F0F0F0;
  print("" + (~u) + " " + (u & 0xFF) + " " + (u | 1) + "\n");
  int64 l = -1;
  print("" + (l & 0xFFFFFFFF) + " " + (~l) + "\n");
  uint64 ul = 0;
  print("" + (~ul) + "\n");
  int n = -1;
  print("" + (n ^ 5) + "\n");
  uint8 c = 0x0F;
  print("" + (~c) + "\n");
}

// expect: 15 4095 4080 4294963440
// expect: 252645135 240 4042322161
// expect: 4294967295 0
// expect: 18446744073709551615
// expect: -6
// expect: 240
