// Escapes in printed output: quotes, backslashes and a double newline.
void main() {
  print("\"quoted\"\n");
  print("back\\slash\n");
  print("it's\n");
  print("two\n\nlines\n");
}

// expect: "quoted"
// expect: back\slash
// expect: it's
// expect: two
// expect:
// expect: lines
