// `h = x` where h is a handle (no @ on the left) assigns the value of the object h points to,
// whatever x is (a handle, a new object, a global): the handle itself does not change. A null
// handle on the left raises a null pointer exception.
class Base { int v; Base() {} Base(int x) { v = x; } }
Base@ mk(int x) { return Base(x); }
Base g(5);
void main() {
  Base x, y; x.v = 1; y.v = 2;
  Base@ b1 = x, b2 = y;
  x.v = 1; @b1 = x;
  b1 = mk(3); print(x.v + " " + (b1 is x) + "\n");
  x.v = 1; @b1 = x;
  b1 = Base(4); print(x.v + " " + (b1 is x) + "\n");
  x.v = 1; @b1 = x;
  Base@ n;
  try { n = y; print("no exc\n"); } catch { print("exc " + getExceptionInfo() + "\n"); }
  @b1 = x;
  b1 = g; print(x.v + " " + (b1 is x) + "\n");
}
// expect: 3 true
// expect: 4 true
// expect: exc Null pointer access
// expect: 5 true
