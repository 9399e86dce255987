// < is not defined for bool.
void main() {
  bool a = true, b = false;
  print("" + (a < b) + "\n");
}

// expect-error: 4 Illegal operation on this datatype
