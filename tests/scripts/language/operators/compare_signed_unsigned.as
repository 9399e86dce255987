// Comparing a signed and an unsigned variable compares as SIGNED (warning "Signed/Unsigned mismatch").
void main() {
  int a = -1; uint b = 1;
  print("" + (a < b) + " " + (b > a) + " " + (a == b) + "\n");
  uint c = 4294967295;
  print("" + (a == c) + " " + (c == a) + " " + (c < b) + "\n");
  int64 l = -1; uint64 ul = 1;
  print("" + (l < ul) + " " + (ul > l) + "\n");
  uint8 u8 = 255; int8 i8 = -1;
  print("" + (u8 == i8) + " " + (i8 < u8) + "\n");
}

// expect: true true false
// expect: true true false
// expect: true true
// expect: false true
