// A negative shift count: only the low bits of the count are used on the reference (x86).
void main() {
  int one = 1;
  int n = -1;
  print("" + (one << n) + "\n");
  int64 l = 1;
  print("" + (l << n) + "\n");
}

// expect: -2147483648
// expect: -9223372036854775808
