// Two cases with the same value: error "Duplicate switch case".
void main() {
  int x = 1;
  switch (x) {
    case 1: print("a\n"); break;
    case 2: print("b\n"); break;
    case 1: print("c\n"); break;
  }
}

// expect-error: 7 Duplicate switch case
