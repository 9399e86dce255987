// When no exception occurs, the catch block is skipped.
void main() {
  try {
    print("fine\n");
  } catch {
    print("never\n");
  }
  print("done\n");
}

// expect: fine
// expect: done
