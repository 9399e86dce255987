// Assigning negative constants to unsigned variables.
void main() {
  uint a = uint(-1);
  uint8 b = uint8(-2);
  uint64 c = uint64(-3);
  print("" + a + " " + b + " " + c + "\n");
}

// expect: 4294967295 254 18446744073709551613
