// A handle given to a `?&in` parameter without `@` stands for the object it points to: a value
// assignment or store() copies the object; with `@` (or a handle assignment) the handle is kept.
class Foo { int v = 1; }
void main() {
  dictionary d;
  Foo@ h = Foo();
  d["x"] = h;
  Foo@ g = cast<Foo>(d["x"]);
  print((g is h) + " " + (g is null) + "\n");
  @d["y"] = h;
  print((cast<Foo>(d["y"]) is h) + "\n");
  any a; a.store(h); Foo@ k; a.retrieve(@k); print((k is h) + "\n");
  Foo f; d["z"] = f; print((cast<Foo>(d["z"]) is f) + "\n");
}
// expect: false false
// expect: true
// expect: false
// expect: false
