// A return inside for(;;) does not satisfy the 2.35.1 return-path check.
int h(int x) {
  for (;;) {
    return x + 1;
  }
}
void main() {
  print("" + h(1) + "\n");
}

// expect-error: 2 Not all paths return a value
