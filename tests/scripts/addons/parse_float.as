// parseFloat and its byteCount.
void main() {
  uint n = 0;
  print("" + parseFloat("3.5") + "\n");
  print("" + parseFloat("-2.25e2", n) + " " + n + "\n");
  print("" + parseFloat("1.5abc", n) + " " + n + "\n");
  print("" + parseFloat("abc", n) + " " + n + "\n");
  print("" + parseFloat("  7", n) + " " + n + "\n");
  print("" + parseFloat(".5", n) + " " + n + "\n");
  print("" + parseFloat("1e3", n) + " " + n + "\n");
  print("" + parseFloat("inf", n) + " " + n + "\n");
}

// expect: 3.5
// expect: -225 7
// expect: 1.5 3
// expect: 0 0
// expect: 7 3
// expect: 0.5 2
// expect: 1000 3
// expect: inf 3
