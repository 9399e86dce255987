// The copy constructor the compiler writes copies the members: no member initialiser, no
// default constructor and no opAssign runs (2.38). A base class is copied with its own copy
// constructor. `C c = a;`, `C b(a)`, arguments and return values by value all use it.
// reference: 2.38
int n = 0;
int next() { print("init\n"); return ++n; }
class C {
  int v = next();
  string s = "x";
  array<int> arr = {1};
  C@ h;
  C() { print("ctor\n"); }
  C &opAssign(const C &in o) { print("assign\n"); v = o.v; return this; }
}
class B { int b = 1; B() {} B(const B &in o) { b = o.b + 100; } }
class D : B { int d = 2; }
C byValue(C c) { return c; }
void main() {
  C a;
  a.v = 4; a.s = "y"; @a.h = a;
  print("--\n");
  C b(a);
  C c = a;
  a.arr.insertLast(5);
  print(b.v + b.s + (b.h is a) + b.arr.length() + " " + c.v + c.s + "\n");
  C r = byValue(a);
  print("" + r.v + "\n");
  @a.h = null; @b.h = null; @c.h = null; @r.h = null;
  D x; x.b = 7; x.d = 8;
  D y(x);
  print("" + y.b + " " + y.d + "\n");
}

// expect: init
// expect: ctor
// expect: --
// expect: 4ytrue1 4y
// expect: 4
// expect: 107 8
