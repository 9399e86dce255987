// A switch leaves the function without a return when a case ends with a break, when it has no
// default case, or when a nested switch's case breaks (2.38 rules for switches returning).
int f(int x) {
  switch (x) {
    case 1: break;
    default: return 0;
  }
}
void main() { print("" + f(1) + "\n"); }

// expect-error: 3 Not all paths return a value
