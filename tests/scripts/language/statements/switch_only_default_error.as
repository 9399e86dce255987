// A switch with only a default case is an empty switch.
void main() {
  int x = 1;
  switch (x) {
    default: print("d\n");
  }
}

// expect-error: 4 Empty switch statement
