// A non-void function whose end can be reached: "Not all paths return a value".
int f(int x) {
  if (x > 0)
    return 1;
}
void main() {
  print("" + f(1) + "\n");
}

// expect-error: 2 Not all paths return a value
