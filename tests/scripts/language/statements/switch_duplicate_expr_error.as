// Duplicate detection works on values: case 4 and case 2 + 2 collide.
void main() {
  int x = 1;
  switch (x) {
    case 4: break;
    case 2 + 2: break;
  }
}

// expect-error: 6 Duplicate switch case
