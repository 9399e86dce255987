// A decimal literal that does not fit in 64 bits is a compile error.
void main() {
  uint64 x = 18446744073709551616;
  print("" + x + "\n");
}

// expect-error: 3 Value is too large for data type
