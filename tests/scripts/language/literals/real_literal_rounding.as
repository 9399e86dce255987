// angelc-only: reference literal rounding bug (0.3 is parsed one ulp high there, so 0.1 + 0.2 == 0.3)
// Decimal real literals must be correctly rounded: 0.1 + 0.2 != 0.3 in IEEE double arithmetic.
void main() {
  print("" + (0.1 + 0.2 == 0.3) + "\n");
  print(formatFloat(0.3, "", 0, 20) + "\n");
  print(formatFloat(0.1 + 0.2, "", 0, 20) + "\n");
}
// expect: false
// expect: 0.29999999999999998890
// expect: 0.30000000000000004441
