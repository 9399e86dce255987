// A hex literal with more than 64 bits is a compile error.
void main() {
  uint64 x = 0x10000000000000000;
  print("" + x + "\n");
}

// expect-error: 3 Value is too large for data type
