// Statements after break/continue inside a loop are skipped.
void main() {
  for (int i = 0; i < 3; i++) {
    if (i == 1) {
      continue;
      print("never\n");
    }
    print("i " + i + "\n");
    break;
    print("never\n");
  }
}

// expect: i 0
