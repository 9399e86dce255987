// Variables modified before the exception keep their new values after catch.
void main() {
  int counter = 0;
  int z = 0;
  try {
    counter = 5;
    counter += 10 / z;
    counter = 100;
  } catch {
    print("caught\n");
  }
  print("" + counter + "\n");
}

// expect: caught
// expect: 5
