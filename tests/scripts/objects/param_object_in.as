// Passing objects by &in: the callee sees the value (a copy may be made).
class C { int v = 1; }
void show(const C &in c) { print("" + c.v + "\n"); }
void main() {
  C c;
  c.v = 7;
  show(c);
  show(C());
}

// expect: 7
// expect: 1
