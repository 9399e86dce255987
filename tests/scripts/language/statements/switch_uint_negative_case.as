// Case values are converted to the switch type: on a uint switch, case -294967296 matches 4000000000.
void main() {
  uint u = 4000000000;
  switch (u) {
    case -294967296: print("u neg\n"); break;
    default: print("u default\n");
  }
}

// expect: u neg
