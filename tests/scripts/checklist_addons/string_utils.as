// string utils: formatInt/UInt/Float flag and width combinations (int64 min, inf, e/E with +), parseInt/
// parseUInt overflow, signs and base 16 prefixes, parseFloat of inf/hex/partial input, join/split edge cases.
void main() {
  double big = 1e308; double inf = big * 10;
  print("[" + formatInt(-9223372036854775807 - 1) + "][" + formatInt(12345, "", 2) + "][" + formatUInt(18446744073709551615, "H", 20) + "]\n");
  print("[" + formatFloat(inf, "", 8, 2) + "][" + formatFloat(-inf, "l", 8) + "][" + formatFloat(123.456, "e", 0, 2) + "][" + formatFloat(123.456, "E+", 12, 3) + "]\n");
  print("[" + formatFloat(0.1, "", 0, 20) + "][" + formatFloat(-5.5, "0", 8, 1) + "][" + formatFloat(5.5, " ", 6, 1) + "][" + formatFloat(5.5, "l+", 7, 1) + "]\n");
  print("[" + formatInt(255, "0H", 6) + "][" + formatInt(-255, "h") + "][" + formatInt(7, "+0", 4) + "][" + formatInt(7, " l", 4) + "]\n");
  uint n;
  print(parseInt("99999999999999999999", 10, n) + " " + n + "\n");
  print(parseInt("-9223372036854775808", 10, n) + " " + n + "\n");
  print(parseUInt("-1", 10, n) + " " + n + "\n");
  print(parseUInt("FFFFFFFFFFFFFFFF", 16, n) + " " + n + "\n");
  print(parseFloat("1e500", n) + " " + n + " " + parseFloat("-0x1p3", n) + " " + n + "\n");
  print(parseFloat("abc", n) + " " + n + " " + parseFloat("1.5e", n) + " " + n + " " + parseFloat(".5", n) + " " + n + "\n");
  print(parseInt("+12", 10, n) + " " + n + " " + parseInt("0x1A", 16, n) + " " + n + " " + parseInt("1a", 16, n) + " " + n + "\n");
  array<string> e;
  print("[" + join(e, ",") + "][" + join({"a"}, ",") + "][" + join({"a", "b"}, "--") + "]\n");
  array<string>@ p = "a--b----c".split("--");
  print(p.length() + " [" + join(p, "|") + "]\n");
  @p = "abc".split("abcd"); print(p.length() + " " + p[0] + "\n");
}

// expect: [-9223372036854775808][12345][    FFFFFFFFFFFFFFFF]
// expect: [     inf][-inf    ][1.23e+02][  +1.235E+02]
// expect: [0.10000000000000000555][-00005.5][   5.5][+5.5   ]
// expect: [0000FF][ffffffffffffff01][+007][ 7  ]
// expect: 7766279631452241919 20
// expect: -9223372036854775808 20
// expect: 0 0
// expect: 18446744073709551615 16
// expect: inf 5 -8 6
// expect: 0 0 1.5 3 0.5 2
// expect: 12 3 0 1 26 2
// expect: [][a][a--b]
// expect: 4 [a|b||c]
// expect: 1 abc
