// ! needs a bool operand.
void main() {
  int x = 0;
  bool b = !x;
  print("" + b + "\n");
}

// expect-error: 4 Illegal operation on this datatype
