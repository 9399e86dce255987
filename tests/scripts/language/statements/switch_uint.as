// switch on uint and uint8.
void main() {
  uint u = 4000000000;
  switch (u) {
    case 4000000000: print("big\n"); break;
    default: print("default\n");
  }
  uint8 b = 255;
  switch (b) {
    case 255: print("255\n"); break;
    default: print("default\n");
  }
  int8 c = -1;
  switch (c) {
    case -1: print("minus one\n"); break;
    default: print("default\n");
  }
}

// expect: big
// expect: 255
// expect: minus one
