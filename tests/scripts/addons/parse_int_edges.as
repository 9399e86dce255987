// parseInt with an explicit byteCount: one optional sign (counted even without digits), no
// whitespace skipping, no 0x prefix, only bases 10 and 16, digits wrap silently modulo 2^64.
void t(const string &in s, uint base) {
  uint n = 99;
  int64 v = parseInt(s, base, n);
  print(s + " (" + base + "): " + v + " n=" + n + "\n");
}
void main() {
  t("", 10); t("-", 10); t("+", 10); t("-x", 10); t("+5", 10); t("--5", 10); t("+-5", 10);
  t(" 5", 10); t("\t5", 10); t("5 ", 10); t("0012", 10); t("1.5", 10); t("1e3", 10);
  t("0x1f", 16); t("0x1f", 10); t("1f", 16); t("-1F", 16); t("+aB", 16); t("g", 16);
  t("777", 8); t("101", 2); t("z", 36); t("10", 0); t("10", 1); t("10", 17);
  t("9223372036854775807", 10); t("9223372036854775808", 10);
  t("-9223372036854775808", 10); t("-9223372036854775809", 10);
  t("18446744073709551615", 10); t("18446744073709551616", 10); t("99999999999999999999", 10);
  t("7fffffffffffffff", 16); t("8000000000000000", 16); t("ffffffffffffffff", 16);
  t("10000000000000000", 16); t("-ffffffffffffffff", 16);
  uint n = 99;
  int64 v = parseInt("12\x0034", 10, n);
  print("embedded nul: " + v + " n=" + n + "\n");
}

// expect:  (10): 0 n=0
// expect: - (10): 0 n=1
// expect: + (10): 0 n=1
// expect: -x (10): 0 n=1
// expect: +5 (10): 5 n=2
// expect: --5 (10): 0 n=1
// expect: +-5 (10): 0 n=1
// expect:  5 (10): 0 n=0
// expect: 	5 (10): 0 n=0
// expect: 5  (10): 5 n=1
// expect: 0012 (10): 12 n=4
// expect: 1.5 (10): 1 n=1
// expect: 1e3 (10): 1 n=1
// expect: 0x1f (16): 0 n=1
// expect: 0x1f (10): 0 n=1
// expect: 1f (16): 31 n=2
// expect: -1F (16): -31 n=3
// expect: +aB (16): 171 n=3
// expect: g (16): 0 n=0
// expect: 777 (8): 0 n=0
// expect: 101 (2): 0 n=0
// expect: z (36): 0 n=0
// expect: 10 (0): 0 n=0
// expect: 10 (1): 0 n=0
// expect: 10 (17): 0 n=0
// expect: 9223372036854775807 (10): 9223372036854775807 n=19
// expect: 9223372036854775808 (10): -9223372036854775808 n=19
// expect: -9223372036854775808 (10): -9223372036854775808 n=20
// expect: -9223372036854775809 (10): 9223372036854775807 n=20
// expect: 18446744073709551615 (10): -1 n=20
// expect: 18446744073709551616 (10): 0 n=20
// expect: 99999999999999999999 (10): 7766279631452241919 n=20
// expect: 7fffffffffffffff (16): 9223372036854775807 n=16
// expect: 8000000000000000 (16): -9223372036854775808 n=16
// expect: ffffffffffffffff (16): -1 n=16
// expect: 10000000000000000 (16): 0 n=17
// expect: -ffffffffffffffff (16): 1 n=17
// expect: embedded nul: 12 n=2
