// break inside a switch inside a loop leaves the switch, continue continues the loop.
void main() {
  for (int i = 0; i < 5; i++) {
    switch (i) {
      case 1: continue;
      case 3: break;
      default: print("d" + i + "\n");
    }
    print("end " + i + "\n");
  }
}

// expect: d0
// expect: end 0
// expect: d2
// expect: end 2
// expect: end 3
// expect: d4
// expect: end 4
