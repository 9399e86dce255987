// parseFloat with an explicit byteCount: everything C's strtod accepts (leading whitespace,
// sign, exponent, hex floats, inf/infinity/nan), ±inf or 0 out of range.
void t(const string &in s) {
  uint n = 99;
  double v = parseFloat(s, n);
  print("'" + s + "': " + v + " n=" + n + "\n");
}
void main() {
  t(""); t("3.5"); t("  -2.5e3xyz"); t("+.5"); t("."); t("-"); t("e5"); t("1e"); t("1e+");
  t("1.5E-3"); t("inf"); t("-INF"); t("infinity"); t("infinit"); t("0x1p4"); t("0x1A");
  t("0X.8"); t("1e400"); t("-1e400"); t("1e-400"); t("4.9e-324"); t("0.1"); t("1,5");
  t("\n\t 8"); t("1_000"); t("0012.50");
  uint n = 99;
  double v = parseFloat("nan", n);
  print("nan: " + (v != v) + " n=" + n + "\n");
  v = parseFloat("NaN(123)", n);
  print("nan(...): " + (v != v) + " n=" + n + "\n");
  v = parseFloat("2.5\x00" "5", n);
  print("embedded nul: " + v + " n=" + n + "\n");
}

// expect: '': 0 n=0
// expect: '3.5': 3.5 n=3
// expect: '  -2.5e3xyz': -2500 n=8
// expect: '+.5': 0.5 n=3
// expect: '.': 0 n=0
// expect: '-': 0 n=0
// expect: 'e5': 0 n=0
// expect: '1e': 1 n=1
// expect: '1e+': 1 n=1
// expect: '1.5E-3': 0.0015 n=6
// expect: 'inf': inf n=3
// expect: '-INF': -inf n=4
// expect: 'infinity': inf n=8
// expect: 'infinit': inf n=3
// expect: '0x1p4': 16 n=5
// expect: '0x1A': 26 n=4
// expect: '0X.8': 0.5 n=4
// expect: '1e400': inf n=5
// expect: '-1e400': -inf n=6
// expect: '1e-400': 0 n=6
// expect: '4.9e-324': 4.94066e-324 n=8
// expect: '0.1': 0.1 n=3
// expect: '1,5': 1 n=1
// expect: '
// expect: 	 8': 8 n=4
// expect: '1_000': 1 n=1
// expect: '0012.50': 12.5 n=7
// expect: nan: true n=3
// expect: nan(...): true n=8
// expect: embedded nul: 2.5 n=3
