// A missing semicolon after a local declaration.
void main() {
  int a = 1
  int b = 2;
  print("" + a + b + "\n");
}

// expect-error: 4 Expected ',' or ';'
