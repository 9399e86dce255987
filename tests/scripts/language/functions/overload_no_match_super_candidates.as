// super(...) without a matching base constructor: the call is named 'D::super' and the
// candidates are the base class's constructors.
class B { B(int a) {} }
class D : B {
  D() { super("x"); }
}
void main() {}
// expect-error: 5 No matching signatures to 'D::super(const string)'
// expect-info: 5 Candidates are:
// expect-info: 5 B::B(int a)
