// A global variable cannot be of type void.
void g;
void main() {
  print("x\n");
}

// expect-error: 2 Data type can't be 'void'
