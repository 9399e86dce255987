// An exception while evaluating an argument: the function is never called.
void show(int a, int b) { print("show " + a + " " + b + "\n"); }
int boom() { print("boom\n"); throw("in argument"); return 0; }
void main() {
  show(1, 2);
  show(boom(), 3);
}

// expect: show 1 2
// expect: boom
// expect-exception: in argument
