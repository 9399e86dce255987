// ref (scripthandle): construction from objects and handles, cast<T> to base/derived/unrelated/interface
// and array types, ==/is, @= from handles, refs and null.
class A { int v = 1; }
class B : A { B() { v = 2; } }
interface I {}
class D : I {}
void main() {
  B b;
  ref r(b);
  A@ a = cast<A>(r); print((a is b) + " " + a.v + "\n");
  B@ bb = cast<B>(r); print((bb is b) + "\n");
  D@ dd = cast<D>(r); print((dd is null) + "\n");
  ref@ r2 = @a; print((r == r2) + " " + (r is r2) + "\n");
  ref n; print((n is null) + " " + (r is null) + "\n");
  @r = null; print((r is null) + "\n");
  array<int> arr = {1}; ref ra(arr);
  array<int>@ ap = cast<array<int>>(ra); print(ap[0] + "\n");
  D d; ref ri(d); I@ ii = cast<I>(ri); print((ii is d) + "\n");
  ref rc(r2); print((rc == r2) + "\n");
  @r = ra; print((r == ra) + " " + (r == r2) + "\n");
  @r = @b; print((cast<A>(r) is b) + "\n");
}

// expect: true 2
// expect: true
// expect: true
// expect: false false
// expect: true false
// expect: true
// expect: 1
// expect: true
// expect: true
// expect: true false
// expect: true
