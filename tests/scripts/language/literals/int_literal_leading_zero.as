// A leading zero does not make a literal octal: 010 is ten.
void main() {
  print("" + 010 + "\n");
  print("" + 0010 + "\n");
  print("" + 09 + "\n");
  int x = 0100;
  print("" + x + "\n");
}

// expect: 10
// expect: 10
// expect: 9
// expect: 100
