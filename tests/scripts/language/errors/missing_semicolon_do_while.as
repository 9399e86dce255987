// do-while must end with a semicolon.
void main() {
  int i = 0;
  do { i++; } while (i < 3)
  print("" + i + "\n");
}

// expect-error: 5 Expected ';'
