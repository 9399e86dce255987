// Reading an uninitialised local is only a warning; here the value is overwritten before use.
void main() {
  int a;
  a = 3;
  print("" + a + "\n");
}

// expect: 3
