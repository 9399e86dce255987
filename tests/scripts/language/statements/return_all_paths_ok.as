// if/else both returning satisfies the return check; so does a final return after a loop.
int f(int x) {
  if (x > 0) return 1;
  else return -1;
}
int g(int x) {
  while (true) {
    if (x > 10) return x;
    x *= 2;
  }
  return -1;
}
int h(int x) {
  {
    return x + 1;
  }
}
void main() {
  print("" + f(5) + " " + f(-5) + " " + g(3) + " " + h(1) + "\n");
}

// expect: 1 -1 12 2
