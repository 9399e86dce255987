// A second default label: reported as "The default case must be the last one" at the first default.
void main() {
  int x = 1;
  switch (x) {
    default: break;
    case 1: break;
    default: break;
  }
}

// expect-error: 5 The default case must be the last one
