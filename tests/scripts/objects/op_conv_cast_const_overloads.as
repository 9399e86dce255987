// Conversion operators with const overloads: a const object uses the const one; an explicit
// conversion (cast<>, T(x)) prefers opCast/opConv, an implicit one uses opImplCast/opImplConv.
int op = 0;
class B {}
class A {
  B @opCast() { op = 1; return null; }
  B @opImplCast() { op = 2; return null; }
  const B @opCast() const { op = 3; return null; }
  const B @opImplCast() const { op = 4; return null; }
}
class C {
  B opConv() { op = 5; return B(); }
  B opImplConv() { op = 6; return B(); }
  B opConv() const { op = 7; return B(); }
  B opImplConv() const { op = 8; return B(); }
}
void main() {
  A a; const A ca;
  B @b1 = a; print(op + " ");
  B @b2 = cast<B>(a); print(op + " ");
  const B @b3 = cast<B>(ca); print(op + " ");
  const B @b4 = ca; print(op + "\n");
  C c; const C cc;
  B v1 = c; print(op + " ");
  B v2 = B(c); print(op + " ");
  B v3 = B(cc); print(op + " ");
  B v4 = cc; print(op + "\n");
}
// expect: 2 1 3 4
// expect: 6 5 7 8
