// Large integers lose precision when converted to float.
void main() {
  int a = 123456789;
  float f = a;
  print(formatFloat(f, "", 0, 0) + "\n");
  print("" + int(f) + "\n");
  uint64 b = 18446744073709551615;
  double d = b;
  print(formatFloat(d, "", 0, 0) + "\n");
}

// expect: 123456792
// expect: 123456792
// expect: 18446744073709551616
