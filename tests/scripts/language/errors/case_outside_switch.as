// case outside a switch.
void main() {
  case 1: print("x\n");
}

// expect-error: 3 Expected expression value
