// return inside try and inside catch.
int f(int d) {
  try {
    return 10 / d;
  } catch {
    return -1;
  }
  return 0;
}
void main() {
  print("" + f(2) + " " + f(0) + "\n");
}

// expect: 5 -1
