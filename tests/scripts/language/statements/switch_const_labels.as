// Case labels may be constant expressions and const variables initialised with constants.
const int TEN = 10;
void main() {
  const int TWO = 2;
  for (int i = 0; i < 25; i++) {
    switch (i) {
      case TWO: print("two\n"); break;
      case TEN: print("ten\n"); break;
      case TEN * 2: print("twenty\n"); break;
      case 1 + 2: print("three\n"); break;
      case -TWO + 7: print("five\n"); break;
    }
  }
}

// expect: two
// expect: three
// expect: five
// expect: ten
// expect: twenty
