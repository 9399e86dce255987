// weakref<T> can't be made from a handle to a const object (const_weakref<T> can).
class C {}
void main() {
  const C@ obj = C();
  const_weakref<C> fine(obj);
  weakref<C> w(obj);
}

// expect-error: 6
