// A global initialised by calling a function.
int make() { print("make called\n"); return 42; }
int g = make();
void main() {
  print("main " + g + "\n");
}

// expect: make called
// expect: main 42
