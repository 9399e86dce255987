// A missing semicolon between two statements on the same line.
void main() {
  int a = 1; a = 2 a = 3;
  print("" + a + "\n");
}

// expect-error: 3 Expected ';'
