// The 2.35.1 return-path check does not treat while(true) as non-terminating:
// "Not all paths return a value", reported at the function declaration.
int g(int x) {
  while (true) {
    if (x > 10) return x;
    x *= 2;
  }
}
void main() {
  print("" + g(3) + "\n");
}

// expect-error: 3 Not all paths return a value
