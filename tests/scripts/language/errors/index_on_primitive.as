// Indexing an int.
void main() {
  int a = 1;
  print("" + a[0] + "\n");
}

// expect-error: 4 Type 'int' doesn't support the indexing operator
