// A missing semicolon after return.
int f() {
  return 1
}
void main() {
  print("" + f() + "\n");
}

// expect-error: 4 Expected ';'
