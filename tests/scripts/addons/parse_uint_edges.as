// parseUInt with an explicit byteCount: no sign at all, only bases 10 and 16, wraps modulo 2^64.
void t(const string &in s, uint base) {
  uint n = 99;
  uint64 v = parseUInt(s, base, n);
  print(s + " (" + base + "): " + v + " n=" + n + "\n");
}
void main() {
  t("", 10); t("+5", 10); t("-5", 10); t(" 5", 10); t("12 34", 10);
  t("18446744073709551615", 10); t("18446744073709551616", 10); t("36893488147419103232", 10);
  t("ffffffffffffffff", 16); t("1ffffffffffffffff", 16); t("FfZ", 16); t("DEADbeef", 16);
  t("0x10", 16); t("777", 8); t("10", 2);
}

// expect:  (10): 0 n=0
// expect: +5 (10): 0 n=0
// expect: -5 (10): 0 n=0
// expect:  5 (10): 0 n=0
// expect: 12 34 (10): 12 n=2
// expect: 18446744073709551615 (10): 18446744073709551615 n=20
// expect: 18446744073709551616 (10): 0 n=20
// expect: 36893488147419103232 (10): 0 n=20
// expect: ffffffffffffffff (16): 18446744073709551615 n=16
// expect: 1ffffffffffffffff (16): 18446744073709551615 n=17
// expect: FfZ (16): 255 n=2
// expect: DEADbeef (16): 3735928559 n=8
// expect: 0x10 (16): 0 n=1
// expect: 777 (8): 0 n=0
// expect: 10 (2): 0 n=0
