// double is IEEE double precision: 53-bit mantissa.
void main() {
  double a = 9007199254740992.0;
  double b = a + 1.0;
  print("" + (a == b) + "\n");
  print(formatFloat(b, "", 0, 0) + "\n");
  double c = a + 2.0;
  print(formatFloat(c, "", 0, 0) + "\n");
  double e = 1.0;
  int n = 0;
  while (1.0 + e != 1.0) { e /= 2; n++; }
  print("" + n + "\n");
}

// expect: true
// expect: 9007199254740992
// expect: 9007199254740994
// expect: 53
