// A case whose break is inside an if leaves the switch, and then the function ends without a
// return: angelc says so. 
// angelc-only: reference bug: 2.38 only looks for a break ending the case, accepts this and f(1) returns garbage
int f(int x) {
  switch (x) {
    case 1: if (x > 0) break; return 1;
    default: return 0;
  }
}
void main() { print("" + f(1) + "\n"); }

// expect-error: 4 Not all paths return a value
