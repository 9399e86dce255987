// (quirk) double/float -> uint is computed as (uint)(int)value on the reference, so every value
// >= 2^31 gives 2147483648 (x86 integer indefinite), e.g. uint(3000000000.0). Small unsigned
// types are truncated from the 32-bit signed result; uint64 goes through int64.
void main() {
  double d = 3000000000.0;
  print("" + uint(d) + "\n");
  print("" + uint(3000000000.0) + "\n");
  double e = 4294967295.0;
  print("" + uint(e) + "\n");
  float f = 3e9f;
  print("" + uint(f) + "\n");
  print("" + uint16(d) + "\n");
  double big = 40000.0;
  print("" + uint16(big) + " " + int16(big) + " " + uint8(300.0) + "\n");
  double ok = 2147483647.0;
  print("" + uint(ok) + "\n");
  double l = 1e19;
  print("" + uint64(l) + "\n");
  double m = 1e18;
  print("" + uint64(m) + "\n");
}

// expect: 2147483648
// expect: 2147483648
// expect: 2147483648
// expect: 2147483648
// expect: 0
// expect: 40000 -25536 44
// expect: 2147483647
// expect: 9223372036854775808
// expect: 1000000000000000000
