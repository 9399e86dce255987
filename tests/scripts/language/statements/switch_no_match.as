// A switch with no matching case and no default does nothing.
void main() {
  int x = 5;
  switch (x) {
    case 1: print("one\n"); break;
    case 2: print("two\n"); break;
  }
  print("after\n");
}

// expect: after
