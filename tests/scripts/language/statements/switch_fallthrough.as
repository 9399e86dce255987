// Cases without break fall through to the next case.
void main() {
  for (int i = 0; i < 5; i++) {
    print("" + i + ":");
    switch (i) {
      case 0: print(" zero");
      case 1: print(" one");
      case 2: print(" two"); break;
      case 3:
      case 4: print(" three-or-four");
    }
    print("\n");
  }
}

// expect: 0: zero one two
// expect: 1: one two
// expect: 2: two
// expect: 3: three-or-four
// expect: 4: three-or-four
