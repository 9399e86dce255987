// Which accesses to a protected or private property the reference allows inside a derived
// class: `p` and `this.p` of an inherited protected property; `o.p` through a handle of the
// method's own class (even an inherited private property, through `this.p` or a D@); protected
// methods and virtual property accessors through a base handle. Reading a protected property
// through a base handle is refused (errors/protected_property_through_base_handle_error.as).
class B {
  protected int p = 1;
  private int q = 10;
  protected int m() { return 2; }
  protected int v { get { return 7; } }
}
class D : B {
  int own() { return this.p + p; }
  int viaDerived(D@ o) { return o.p + o.q; }
  int privateViaThis() { return this.q; }
  int viaBaseMethod(B@ o) { return o.m() + o.v; }
}
void main() {
  D d;
  print("" + d.own() + "\n");
  print("" + d.viaDerived(d) + "\n");
  print("" + d.privateViaThis() + "\n");
  print("" + d.viaBaseMethod(d) + "\n");
}
// expect: 2
// expect: 11
// expect: 10
// expect: 9
