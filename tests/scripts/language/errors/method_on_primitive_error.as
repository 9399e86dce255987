// Primitives have no methods.
void main() {
  int a = 5;
  print("" + a.length() + "\n");
}

// expect-error: 4 Illegal operation on 'int'
