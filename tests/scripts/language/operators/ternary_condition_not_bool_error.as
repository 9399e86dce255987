// The condition of ?: must be bool.
void main() {
  int x = 1;
  int y = x ? 2 : 3;
  print("" + y + "\n");
}

// expect-error: 4 Expression must be of boolean type
