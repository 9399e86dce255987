// A missing closing parenthesis.
void main() {
  int a = (1 + 2;
  print("" + a + "\n");
}

// expect-error: 3 Expected ')'
