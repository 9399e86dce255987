// A switch with a default case where every case returns or falls through to one that does, and
// none ends with a break, returns on all paths (2.38; 2.35.1 said "Not all paths return a value").
// reference: 2.38
int f(int x) {
  switch (x) {
    case 1: return 10;
    default: return 0;
  }
}
int g(int x) {
  switch (x) {
    case 1:
    case 2: x++;                                   // falls through
    case 3: if (x > 2) return 30; else return 31;
    case 4: { return 40; }
    case 5: for (;;) { break; } return 50;         // the break leaves the for, not the switch
    default:
      switch (x) { case 6: return 6; default: return 7; }
  }
}
void main() {
  print("" + f(1) + " " + f(2) + "\n");
  print("" + g(1) + " " + g(2) + " " + g(3) + " " + g(4) + " " + g(5) + " " + g(6) + " " + g(9) + "\n");
}

// expect: 10 0
// expect: 31 30 30 40 50 6 7
