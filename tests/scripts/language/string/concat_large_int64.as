// Large int64/uint64 values print fully, never in exponent form.
void main() {
  int64 a = 1234567890123456789;
  uint64 b = 12345678901234567890;
  print("" + a + " " + b + "\n");
  print("" + (a * 7) + "\n");
}

// expect: 1234567890123456789 12345678901234567890
// expect: 8641975230864197523
