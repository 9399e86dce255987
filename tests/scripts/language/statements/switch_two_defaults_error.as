// Only one default label is allowed.
void main() {
  int x = 1;
  switch (x) {
    default: break;
    case 1: break;
    default: break;
  }
}

// expect-error: 5 The default case must be the last one
