// A function body that is never closed: "Unexpected end of file" at the end of the file (line 7).
// expect-error: 7 Unexpected end of file
void main() {
  print("x\n");
  if (true) {
    print("y\n");
