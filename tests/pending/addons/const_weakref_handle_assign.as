// A const_weakref converts implicitly (const T@ opImplCast) into a handle to const, also in a
// handle assignment.
class C {}
void main() {
  C@ b = C();
  const_weakref<C> cb(b);
  const C@ h;
  @h = cb;
  const C@ h2 = cb;
  print("" + (h is b) + " " + (h2 is b) + "\n");
  @b = null;
  @h = null;
  @h2 = null;
  @h = cb;
  print("" + (h is null) + "\n");
}

// expect: true true
// expect: true
