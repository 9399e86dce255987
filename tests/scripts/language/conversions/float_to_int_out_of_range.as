// Out-of-range double -> integer conversions: the reference gives the x86 "integer indefinite"
// result (0x80000000 / 0x8000000000000000) of the signed conversion, also for unsigned targets.
void main() {
  double d5 = 5e9;
  print("" + int(d5) + "\n");
  print("" + uint(d5) + "\n");
  double d19 = 1e19;
  print("" + int64(d19) + "\n");
  print("" + uint64(d19) + "\n");
  print("" + int(5e9) + " " + uint(5e9) + " " + uint64(1e19) + "\n");
}

// expect: -2147483648
// expect: 2147483648
// expect: -9223372036854775808
// expect: 9223372036854775808
// expect: -2147483648 2147483648 9223372036854775808
