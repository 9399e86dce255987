// A variable cannot have the type void.
void main() {
  void v;
  print("x\n");
}

// expect-error: 3 Data type can't be 'void'
