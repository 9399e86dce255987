// "" + 1 + 2 concatenates left to right; 1 + 2 + "" adds first.
void main() {
  print("" + 1 + 2 + "\n");
  print(1 + 2 + "" + "\n");
  print("" + (1 + 2) + "\n");
  print("x" + 1.5 * 2 + "\n");
}

// expect: 12
// expect: 3
// expect: 3
// expect: x3
