// A local shadows a global; :: reaches the global.
int v = 1;
void show() { print("global " + v + "\n"); }
void main() {
  int v = 2;
  print("local " + v + "\n");
  ::v = 3;
  show();
  print("local still " + v + "\n");
}

// expect: local 2
// expect: global 3
// expect: local still 2
