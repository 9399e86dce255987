// Negating the most negative values at run time wraps.
void main() {
  int m = -2147483647 - 1;
  int n = -m;
  print("" + n + "\n");
  int64 l = -9223372036854775807 - 1;
  int64 k = -l;
  print("" + k + "\n");
  int8 s = -128;
  int8 t = -s;
  print("" + t + "\n");
  print("" + (-s) + "\n");
}

// expect: -2147483648
// expect: -9223372036854775808
// expect: -128
// expect: -128
