// angelc-only: the reference engine crashes when RefCastObject calls a script class's opImplCast for an add-on (2.35.1)
// A handle stored in a dictionary, an any or a ref comes back as another type through the stored
// type's opImplCast methods.
class B { int v = 2; ~B() { print("~B\n"); } }
class A {
  B@ inner = B();
  B@ opImplCast() { return inner; }
}
void main() {
  A a;
  dictionary d;
  d.set("a", @a);
  B@ b;
  print("" + d.get("a", @b) + " " + (b is a.inner) + " " + b.v + "\n");
  any x(@a);
  B@ b2;
  print("" + x.retrieve(@b2) + " " + (b2 is a.inner) + "\n");
  @b = null;
  @b2 = null;
  print("end\n");
}

// expect: true true 2
// expect: true true
// expect: end
// expect: ~B
