// A function declaration without a return type.
f() { }
void main() {
  print("x\n");
}

// expect-error: 2 Expected identifier
