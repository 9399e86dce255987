// A derived class gets no copy constructor when its base class has none (the base declares a
// constructor with parameters).
// reference: 2.38
class B { int b = 1; B(int x) { b = x; } }
class D : B { int v = 2; D() { super(3); } }
void main() {
  D a;
  D c(a);
}

// expect-error: 8 No matching signatures to 'D(D
