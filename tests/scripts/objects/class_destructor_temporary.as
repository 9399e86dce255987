// A temporary object passed to a function is destroyed right after the call returns (before the
// rest of the expression, here the print, is evaluated).
class T {
  int v;
  T(int x) { v = x; print("ctor " + v + "\n"); }
  ~T() { print("dtor " + v + "\n"); }
}
int value(T@ t) { return t.v; }
void main() {
  print("" + value(T(1)) + "\n");
  print("next\n");
}

// expect: ctor 1
// expect: dtor 1
// expect: 1
// expect: next
