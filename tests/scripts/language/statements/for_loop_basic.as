// Basic for loops counting up and down.
void main() {
  for (int i = 0; i < 5; i++) print("" + i);
  print("\n");
  for (int i = 5; i > 0; --i) print("" + i);
  print("\n");
  for (uint u = 0; u < 3; u += 1) print("" + u);
  print("\n");
  int j;
  for (j = 0; j < 3; j++) {}
  print("" + j + "\n");
}

// expect: 01234
// expect: 54321
// expect: 012
// expect: 3
