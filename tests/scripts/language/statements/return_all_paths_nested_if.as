// Nested if/else chains in which every branch returns pass the check.
int sign(int x) {
  if (x > 0) {
    return 1;
  } else if (x < 0) {
    return -1;
  } else {
    if (x == 0) return 0;
    else return 99;
  }
}
void main() {
  print("" + sign(5) + " " + sign(-3) + " " + sign(0) + "\n");
}

// expect: 1 -1 0
