// A local variable with the same name as a function hides the function.
int f() { return 1; }
void main() {
  int f = 5;
  print("" + f + "\n");
}

// expect: 5
