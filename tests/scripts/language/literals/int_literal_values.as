// Values of integer literals in every base.
void main() {
  print("" + 0 + "\n");
  print("" + 123 + "\n");
  print("" + 0x1F + "\n");
  print("" + 0xabcdef + "\n");
  print("" + 0XABCDEF + "\n");
  print("" + 0b1011 + "\n");
  print("" + 0o777 + "\n");
  print("" + 0d255 + "\n");
  print("" + 0xFFFFFFFF + "\n");
  print("" + 0xFFFFFFFFFFFFFFFF + "\n");
  print("" + 0x8000000000000000 + "\n");
  print("" + 9223372036854775807 + "\n");
  print("" + 18446744073709551615 + "\n");
  print("" + 007 + "\n");
  print("" + 0b11111111111111111111111111111111 + "\n");
}

// expect: 0
// expect: 123
// expect: 31
// expect: 11259375
// expect: 11259375
// expect: 11
// expect: 511
// expect: 255
// expect: 4294967295
// expect: 18446744073709551615
// expect: 9223372036854775808
// expect: 9223372036854775807
// expect: 18446744073709551615
// expect: 7
// expect: 4294967295
