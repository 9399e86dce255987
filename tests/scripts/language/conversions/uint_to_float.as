// Unsigned -> floating-point conversions are correct for the full unsigned range.
void main() {
  uint u = 4000000000;
  double d = u;
  float f = u;
  print("" + d + " " + f + "\n");
  uint64 ul = 18000000000000000000;
  double e = ul;
  float g = ul;
  print(formatFloat(e, "", 0, 0) + " " + g + "\n");
  uint8 b = 200;
  double h = b;
  print("" + h + " " + double(u) + " " + float(ul) + "\n");
}

// expect: 4e+09 4e+09
// expect: 18000000000000000000 1.8e+19
// expect: 200 4e+09 1.8e+19
