// Candidates of a derived class's method: the base class's first (an override where the method
// it overrides is), as the reference keeps a class's methods (the runner checks that each line
// is there, not their order).
class A { void m(int8 a) {} }
class B : A { void m(int16 b) {} }
class D : B { void m(uint8 c) {} void m(int8 a) {} }
void main() {
  D d;
  d.m("x");
}
// expect-error: 9 No matching signatures to 'D::m(const string)'
// expect-info: 9 void D::m(int8 a)
// expect-info: 9 void B::m(int16 b)
// expect-info: 9 void D::m(uint8 c)
