// Through an object the property is for the methods of the object's own class only: a base class
// may not read its own protected property through a handle of a derived class, nor a class
// through a handle of a class derived from it.
class B {
  protected int p = 1;
  int get(D@ o) {
    return o.p;
  }
}
class D : B {
  int get2(D2@ o) { return o.p; }
}
class D2 : D {}
void main() { D d; print("" + d.get(d) + "\n"); }
// expect-error: 7 Illegal access to protected property 'p'
