// A missing semicolon after an expression statement; the error is reported at the next token.
void main() {
  int a = 1;
  a = 2
  print("" + a + "\n");
}

// expect-error: 5 Expected ';'
