// >>> is the ARITHMETIC (sign-extending) right shift in AngelScript, also on unsigned types.
void main() {
  int a = -8;
  print("" + (a >>> 1) + "\n");
  print("" + (a >>> 28) + "\n");
  int b = 256;
  print("" + (b >>> 4) + "\n");
  uint u = 0x80000000;
  print("" + (u >>> 1) + "\n");
  print("" + (u >>> 31) + "\n");
  int64 l = -8;
  print("" + (l >>> 1) + "\n");
  uint64 ul = 0x8000000000000000;
  print("" + (ul >>> 63) + "\n");
  print("" + (-8 >>> 1) + "\n");
}

// expect: -4
// expect: -1
// expect: 16
// expect: 3221225472
// expect: 4294967295
// expect: -4
// expect: 18446744073709551615
// expect: -4
