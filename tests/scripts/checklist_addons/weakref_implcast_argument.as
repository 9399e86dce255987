// Regression (angelc got this wrong before): a weakref<T> does not convert to T@ / const T@ through its opImplCast when passed
// as a function or constructor argument ("No matching signatures to 'f(weakref<A>)'"); the
// reference converts. Same root cause with a script class whose opImplCast returns a handle.
class A { int v = 4; }
void f(A@ x) { print("f " + x.v + "\n"); }
void g(const A@ x) { print("g " + x.v + "\n"); }
void main() {
  A a;
  weakref<A> w(a);
  f(w);
  g(w);
  const_weakref<A> c(w);
  print((c.get() is a) + "\n");
  weakref<A> w2(w);
  print((w2.get() is a) + "\n");
}

// expect: f 4
// expect: g 4
// expect: true
// expect: true
