// Assigning a constant that does not fit: a warning, and the value is truncated.
void main() {
  int8 a = 300;
  uint8 b = -1;
  print("" + a + " " + b + "\n");
}

// expect: 44 255
