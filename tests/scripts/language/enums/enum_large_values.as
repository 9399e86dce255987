// Enum values are 32-bit ints.
enum E { Max = 2147483647, Min = -2147483648, Hex = 0xFF }
void main() {
  print("" + Max + " " + Min + " " + Hex + "\n");
}

// expect: 2147483647 -2147483648 255
