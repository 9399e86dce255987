// The return expression is converted implicitly to the return type.
int8 narrow() { int x = 300; return x; }
double widen() { int x = 3; return x; }
int trunc() { return 2.9; }
uint fromNeg() { int x = -1; return x; }
void main() {
  print("" + narrow() + " " + widen() + " " + trunc() + " " + fromNeg() + "\n");
}

// expect: 44 3 2 4294967295
