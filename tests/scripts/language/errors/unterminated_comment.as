// A block comment that is never closed at the end of the file is accepted by the reference.
// (The directive is above the comment because directives inside a block comment are ignored.)
// expect: x
void main() {
  print("x\n");
}
/* never closed
