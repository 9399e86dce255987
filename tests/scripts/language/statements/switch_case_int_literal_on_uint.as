// A negative case label on a uint switch is converted to the switch type.
void main() {
  uint u = 4294967295;
  switch (u) {
    case -1: print("matched -1\n"); break;
    default: print("default\n");
  }
}

// expect: matched -1
