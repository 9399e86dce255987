// A date whose nanoseconds since 1970 overflow an int64 (about 292 years either way) is refused,
// not multiplied past the range (UBSan: signed overflow in datetime.c, a fuzzer find).
void main() {
  datetime d;
  print("" + d.setDate(1, 1, 1) + " " + d.setDate(2000, 1, 1) + " " + d.year + "\n");
  print("" + d.setDate(4000000, 1, 1) + " " + d.year + "\n");
}
// expect: false true 2000
// expect: false 2000
