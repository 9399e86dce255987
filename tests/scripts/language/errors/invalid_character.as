// A character that is not a valid token.
void main() {
  int a = 1 $ 2;
}

// expect-error: 3 Expected ',' or ';'
