// A block comment that is never closed at the end of the file is accepted by the reference.
void main() {
  print("x\n");
}
/* never closed

// expect: x
