// `weakref<T> @a = T();` (weakref acts as a handle): the declaration takes the handle.
class Foo {}
void func(weakref<Foo> f) { print((f.get() !is null) + "\n"); }
void main() {
  Foo keep;
  weakref<Foo> @a = keep;
  weakref<Foo> b;
  b = a;
  print((a.get() is b.get()) + " " + (a.get() is keep) + "\n");
  weakref<Foo> c(b);
  print((c.get() is b.get()) + "\n");
  func(a);
}
// expect: true true
// expect: true
// expect: true
