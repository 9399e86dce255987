// &in on a primitive: the callee gets its own copy (it may even assign to it); the caller is unaffected.
void f(const int &in x) { print("" + x + "\n"); }
void g(int &in x) { x = 99; print("inside " + x + "\n"); }
void main() {
  int a = 5;
  f(a);
  f(7);
  f(a + 1);
  g(a);
  print("after " + a + "\n");
}

// expect: 5
// expect: 7
// expect: 6
// expect: inside 99
// expect: after 5
