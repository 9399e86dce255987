// Functions cannot be nested.
void main() {
  void inner() {}
  print("x\n");
}

// expect-error: 3 Expected ';'
