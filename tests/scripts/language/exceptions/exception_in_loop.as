// Output produced in loop iterations before the exception is flushed.
void main() {
  for (int i = 3; i >= -1; i--) {
    print("" + (30 / i) + "\n");
  }
}

// expect: 10
// expect: 15
// expect: 30
// expect-exception: Divide by zero
