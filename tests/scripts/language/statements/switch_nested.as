// Nested switches; break leaves only the inner switch.
void main() {
  for (int i = 0; i < 2; i++) {
    for (int j = 0; j < 2; j++) {
      switch (i) {
        case 0:
          switch (j) {
            case 0: print("00\n"); break;
            default: print("0x\n");
          }
          print("after inner\n");
          break;
        default:
          print("i" + i + " j" + j + "\n");
      }
    }
  }
}

// expect: 00
// expect: after inner
// expect: 0x
// expect: after inner
// expect: i1 j0
// expect: i1 j1
