// weakref<T>/const_weakref<T>: construction from objects, @= from an object and null, is / ==,
// opImplCast into T@ and const T@ in declarations, expiry at the end of a scope, weakrefs in arrays.
class A { int v = 4; }
void main() {
  A a;
  weakref<A> w1(a);
  weakref<A> w2(a);
  weakref<A> w3; @w3 = a;
  const_weakref<A> c1(a);
  const_weakref<A> c2(a);
  print((w1.get() is a) + " " + (w2.get() is a) + " " + (w3.get() is a) + " " + (c1.get() is a) + " " + (c2.get() is a) + "\n");
  print((w1 is w2) + " " + (w1 == w2) + "\n");
  A@ h = w1; print(h.v + "\n");
  const A@ ch = c1; print(ch.v + "\n");
  @w1 = null; print((w1.get() is null) + " " + (w1 is null) + "\n");
  weakref<A> w4;
  {
    A tmp; @w4 = tmp;
    print((w4.get() is null) + "\n");
  }
  print((w4.get() is null) + "\n");
  array<weakref<A>> list = {weakref<A>(a)};
  print((list[0].get() is a) + "\n");
}

// expect: true true true true true
// expect: true true
// expect: 4
// expect: 4
// expect: true true
// expect: false
// expect: true
// expect: true
