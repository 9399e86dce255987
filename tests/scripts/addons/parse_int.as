// parseInt with bases 10 and 16 and the byteCount output.
void main() {
  uint n = 0;
  print("" + parseInt("123") + "\n");
  print("" + parseInt("-123") + "\n");
  print("" + parseInt("+77") + "\n");
  print("" + parseInt("  42") + "\n");
  print("" + parseInt("12abc", 10, n) + " " + n + "\n");
  print("" + parseInt("ff", 16, n) + " " + n + "\n");
  print("" + parseInt("FFz", 16, n) + " " + n + "\n");
  print("" + parseInt("abc", 10, n) + " " + n + "\n");
  print("" + parseInt("", 10, n) + " " + n + "\n");
  print("" + parseInt("9223372036854775807") + "\n");
  print("" + parseInt("-9223372036854775808") + "\n");
  print("" + parseInt("777", 8, n) + " " + n + "\n");
  print("" + parseInt("-ff", 16, n) + " " + n + "\n");
}

// expect: 123
// expect: -123
// expect: 77
// expect: 0
// expect: 12 2
// expect: 255 2
// expect: 255 2
// expect: 0 0
// expect: 0 0
// expect: 9223372036854775807
// expect: -9223372036854775808
// expect: 0 0
// expect: -255 3
