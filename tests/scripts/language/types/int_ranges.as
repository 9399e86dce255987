// Minimum and maximum values of every integer type.
void main() {
  int8 a = -128; int8 b = 127;
  int16 c = -32768; int16 d = 32767;
  int e = -2147483648; int f = 2147483647;
  int64 g = -9223372036854775807 - 1; int64 h = 9223372036854775807;
  uint8 i = 255; uint16 j = 65535; uint k = 4294967295; uint64 l = 18446744073709551615;
  print("" + a + " " + b + "\n");
  print("" + c + " " + d + "\n");
  print("" + e + " " + f + "\n");
  print("" + g + " " + h + "\n");
  print("" + i + " " + j + " " + k + " " + l + "\n");
}

// expect: -128 127
// expect: -32768 32767
// expect: -2147483648 2147483647
// expect: -9223372036854775808 9223372036854775807
// expect: 255 65535 4294967295 18446744073709551615
