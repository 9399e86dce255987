// A switch where every case and the default return does NOT satisfy the 2.35.1 return-path check.
int f(int x) {
  switch (x) {
    case 1: return 10;
    default: return 0;
  }
}
void main() {
  print("" + f(1) + " " + f(2) + "\n");
}

// expect-error: 2 Not all paths return a value
