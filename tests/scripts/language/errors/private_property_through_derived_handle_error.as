// A class may not read its own private property through a handle of a derived class: the
// reference says "Illegal access to private property 'p'".
class B {
  private int p = 1;
  int get(D@ o) {
    return o.p;
  }
}
class D : B {}
void main() { D d; print("" + d.get(d) + "\n"); }
// expect-error: 6 Illegal access to private property 'p'
