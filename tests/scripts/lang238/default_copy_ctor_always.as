// ALWAYS_IMPL_DEFAULT_COPY_CONSTRUCT=1: the copy constructor is written whatever else the class
// declares (but a copy constructor), also for the base class.
// reference: 2.38
// engine-property: ALWAYS_IMPL_DEFAULT_COPY_CONSTRUCT=1
class B { int b = 1; B(int x) { b = x; } }
class D : B { int v = 2; D() { super(3); } D(int x, int y) { super(x); v = y; } }
void main() {
  D a(5, 6);
  D c(a);
  print("" + c.b + " " + c.v + "\n");
}

// expect: 5 6
