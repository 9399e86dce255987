// && needs bool operands.
void main() {
  int a = 1, b = 2;
  bool r = a && b;
  print("" + r + "\n");
}

// expect-error: 4 No conversion from 'int' to 'bool' available.
