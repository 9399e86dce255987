// for(;;) with break; for with missing init or increment.
void main() {
  int n = 0;
  for (;;) {
    n++;
    if (n >= 3) break;
  }
  print("" + n + "\n");
  int i = 0;
  for (; i < 4;) i++;
  print("" + i + "\n");
  for (int k = 0; ; k++) {
    if (k == 2) { print("k " + k + "\n"); break; }
  }
}

// expect: 3
// expect: 4
// expect: k 2
