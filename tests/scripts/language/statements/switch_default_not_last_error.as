// default must be the last label in 2.35.1: "The default case must be the last one".
void main() {
  for (int i = 0; i < 4; i++) {
    print("" + i + ":");
    switch (i) {
      case 1: print(" one");
      default: print(" default");
      case 2: print(" two"); break;
      case 3: print(" three");
    }
    print("\n");
  }
}

// expect-error: 7 The default case must be the last one
