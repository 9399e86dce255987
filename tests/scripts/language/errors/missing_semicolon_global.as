// A missing semicolon after a global initialiser: the reference skips the initialiser tokens up to
// the next ";" and reports "Unexpected end of file" at the end of the file (line 8 here).
// expect-error: 8 Unexpected end of file
int g = 1
void main() {
  print("" + g + "\n");
}
