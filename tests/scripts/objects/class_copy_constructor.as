// A user-defined copy constructor is used for copies.
class C {
  int v;
  C() { v = 0; }
  C(const C &in o) { v = o.v + 100; print("copy ctor\n"); }
}
void main() {
  C a;
  a.v = 1;
  C b(a);
  print("" + b.v + "\n");
  C c = a;
  print("" + c.v + "\n");
}

// expect: copy ctor
// expect: 101
// expect: copy ctor
// expect: 101
