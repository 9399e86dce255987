// Statements are not allowed at global scope.
int x = 1;
x = 2;
void main() {
  print("" + x + "\n");
}

// expect-error: 3 Expected identifier
