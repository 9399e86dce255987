// int64 <-> int/double conversions.
void main() {
  int64 a = 5000000000;
  int b = int(a);
  print("" + b + "\n");
  double d = a;
  print("" + d + "\n");
  int64 c = int64(2.5e9);
  print("" + c + "\n");
  int64 e = int64(-2.5e9);
  print("" + e + "\n");
  int small = -7;
  int64 f = small;
  print("" + (f * 1000000000) + "\n");
}

// expect: 705032704
// expect: 5e+09
// expect: 2500000000
// expect: -2500000000
// expect: -7000000000
