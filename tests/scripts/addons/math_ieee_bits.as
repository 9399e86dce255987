// fpToIEEE / fpFromIEEE are bit copies: signed zero, infinities, denormals and NaN payloads
// survive the round trip.
void main() {
  uint n;
  double inf = parseFloat("inf", n);
  print(formatUInt(fpToIEEE(inf), "H") + " " + formatUInt(fpToIEEE(float(-0.0)), "H") + " " + formatUInt(fpToIEEE(-0.0), "H") + "\n");
  print("" + fpFromIEEE(uint(0x7F800000)) + " " + fpFromIEEE(uint(0x00000001)) + " " + fpFromIEEE(uint64(0x0000000000000001)) + " " + fpFromIEEE(uint64(0xFFF0000000000000)) + "\n");
  print(formatFloat(fpFromIEEE(uint(0x3DCCCCCD)), "", 0, 12) + "\n");
  print(formatUInt(fpToIEEE(fpFromIEEE(uint(0x7FC00001))), "H") + "\n");
  print(formatUInt(fpToIEEE(fpFromIEEE(uint64(0x7FF0000000000123))), "H") + "\n");
  print(formatUInt(fpToIEEE(float(0.1)), "H") + " " + formatUInt(fpToIEEE(0.1), "H") + "\n");
}

// expect: 7FF0000000000000 80000000 8000000000000000
// expect: inf 1.4013e-45 4.94066e-324 -inf
// expect: 0.100000001490
// expect: 7FC00001
// expect: 7FF0000000000123
// expect: 3DCCCCCD 3FB999999999999A
