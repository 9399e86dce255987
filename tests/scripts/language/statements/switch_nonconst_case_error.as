// A case label must be a constant.
void main() {
  int x = 1;
  int y = 1;
  switch (x) {
    case y: print("y\n"); break;
  }
}

// expect-error: 6 Case expressions must be constants
