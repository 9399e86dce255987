// array has no length property in 2.35.1: a.length without () is "Invalid operation on method".
void main() {
  array<int> a = {1, 2};
  print("" + a.length + "\n");
}

// expect-error: 4 Invalid operation on method
