// A derived class may read an inherited protected property as `p` or `this.p`, not through a
// handle of the base class: the reference reports "Illegal access to protected property 'p'"
// (the same for a write, and in an unrelated class).
class B { protected int p = 1; }
class D : B {
  int mine() { return p + this.p; }
  int get(B@ o) {
    return o.p;
  }
}
void main() { D d; print("" + d.get(d) + "\n"); }
// expect-error: 8 Illegal access to protected property 'p'
