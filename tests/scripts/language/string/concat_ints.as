// Concatenating strings with every integer type.
void main() {
  int8 a = -128; int16 b = -32768; int c = -2147483648; int64 d = -9223372036854775807 - 1;
  uint8 e = 255; uint16 f = 65535; uint g = 4294967295; uint64 h = 18446744073709551615;
  print("int8 " + a + "\n");
  print("int16 " + b + "\n");
  print("int " + c + "\n");
  print("int64 " + d + "\n");
  print("uint8 " + e + "\n");
  print("uint16 " + f + "\n");
  print("uint " + g + "\n");
  print("uint64 " + h + "\n");
  print(a + " on the left\n");
  print(h + "" + "\n");
}

// expect: int8 -128
// expect: int16 -32768
// expect: int -2147483648
// expect: int64 -9223372036854775808
// expect: uint8 255
// expect: uint16 65535
// expect: uint 4294967295
// expect: uint64 18446744073709551615
// expect: -128 on the left
// expect: 18446744073709551615
