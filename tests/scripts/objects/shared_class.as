// shared classes and functions work within a single module too.
shared class S {
  int v = 3;
  int twice() { return v * 2; }
}
shared int helper(int x) { return x + 1; }
void main() {
  S s;
  print("" + s.twice() + " " + helper(1) + "\n");
}

// expect: 6 2
