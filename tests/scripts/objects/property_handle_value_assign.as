// `p = x` on a property of handle type (no @) assigns the value of the object the getter gives;
// `@p = x` calls the setter.
class V { int n; }
class M {
  V@ m = V();
  V@ get_p() const property { print("get\n"); return m; }
  void set_p(V@ v) property { print("set\n"); @m = v; }
}
void main() {
  M x; V a; a.n = 7;
  x.p = a;
  print(x.m.n + " " + (x.m is a) + "\n");
  @x.p = a;
  print((x.m is a) + "\n");
}
// expect: get
// expect: 7 false
// expect: set
// expect: true
