// `@r` of a ref (a value type that acts as a handle) is the ref itself: compared, assigned
// through and passed as ref@.
class A { int v = 3; }
void f(ref@ x) { print((x is null ? "null" : "obj") + "\n"); }
void main() {
  ref r;
  if (@r is null) print("null\n");
  f(@r);
  A a;
  @r = a;
  if (@r !is null) print("set\n");
  A@ b = cast<A>(r);
  print("" + b.v + "\n");
  if (@r is a) print("same\n");
  f(@r);
}
// expect: null
// expect: null
// expect: set
// expect: 3
// expect: same
// expect: obj
