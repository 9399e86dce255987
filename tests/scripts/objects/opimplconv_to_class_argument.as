// An object whose opImplConv returns an object of another class is passed where that class is
// expected (by reference or by value) and initialises a variable of it; a derived object needs
// no conversion.
class Set { int n; Set(int x) { n = x; } Set() { n = 0; } }
class Id { int v = 7; Set opImplConv() const { print("conv\n"); return Set(v); } }
class Sub : Set { Sub() { super(3); } }
void byref(const Set &in s) { print("byref " + s.n + "\n"); }
void byval(Set s) { print("byval " + s.n + "\n"); }
void main() {
  Id i;
  byref(i);
  Sub sub;
  byref(sub);
  byval(i);
  Set s = i;
  print("s " + s.n + "\n");
}
// expect: conv
// expect: byref 7
// expect: byref 3
// expect: conv
// expect: byval 7
// expect: conv
// expect: s 7
