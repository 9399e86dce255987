// Declaring a variable of an unknown type.
void main() {
  Foo x;
  print("x\n");
}

// expect-error: 3 Identifier 'Foo' is not a data type
