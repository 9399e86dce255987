// A null handle given to `?&in` without `@` has no object to stand for: null pointer exception.
class A {}
void main() {
  A@ obj;
  ref x(@obj);
  ref y(null);
  print("ok\n");
  ref z(obj);
  print("not reached\n");
}
// expect: ok
// expect-exception: Null pointer access
