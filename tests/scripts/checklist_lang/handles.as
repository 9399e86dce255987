// A2: handles: null by default, @h = @obj, value assignment through a handle, implicit @ on the
// right-hand side, `T@ const` (read-only handle, object writable), `const T@` and `const T@ const`.
class C { int v = 1; void inc() { v++; } int get() const { return v; } }
void main() {
  C@ h;
  print("" + (h is null) + "\n");
  C o;
  @h = @o;
  h.inc();
  print("" + o.v + "\n");
  C o2; o2.v = 40;
  h = o2;
  print("" + o.v + " " + (h is o) + "\n");
  @h = o2;
  print("" + (h is o2) + "\n");
  C@ const ch = o;
  ch.inc();
  print("" + o.v + "\n");
  const C@ kh = o;
  print("" + kh.get() + "\n");
  @kh = o2;
  print("" + kh.get() + "\n");
  const C@ const kk = o;
  print("" + kk.get() + "\n");
  print("" + (null is null) + "\n");
}
// expect: true
// expect: 2
// expect: 40 true
// expect: true
// expect: 41
// expect: 41
// expect: 40
// expect: 41
// expect: true
