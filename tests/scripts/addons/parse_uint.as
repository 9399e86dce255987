// parseUInt with bases and byteCount.
void main() {
  uint n = 0;
  print("" + parseUInt("123") + "\n");
  print("" + parseUInt("18446744073709551615") + "\n");
  print("" + parseUInt("DEADbeef", 16, n) + " " + n + "\n");
  print("" + parseUInt("-5", 10, n) + " " + n + "\n");
  print("" + parseUInt("12 34", 10, n) + " " + n + "\n");
  print("" + parseUInt("0x10", 16, n) + " " + n + "\n");
}

// expect: 123
// expect: 18446744073709551615
// expect: 3735928559 8
// expect: 0 0
// expect: 12 2
// expect: 0 1
