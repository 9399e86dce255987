// Casts of stored handles follow the object: up to base classes and interfaces, down to the
// object's own class (and the classes between) whatever handle type it was stored as, never to
// unrelated classes. Through ref's cast<T>, dictionary::get and any::retrieve (which says false
// when it gives null).
interface I { int id(); }
interface J {}
class Base : I { int id() { return 1; } }
class Mid : Base, J { int id() { return 2; } }
class Leaf : Mid { int id() { return 3; } }
class Other {}
void main() {
  Leaf leaf;
  Base@ asBase = leaf;
  ref r(@asBase);
  Mid@ m = cast<Mid>(r);
  Leaf@ l = cast<Leaf>(r);
  J@ j = cast<J>(r);
  I@ i = cast<I>(r);
  Other@ o = cast<Other>(r);
  print("" + (m is leaf) + " " + (l is leaf) + " " + (j is leaf) + " " + (i is leaf) + " " + (o is null) + "\n");
  Base b;
  ref rb(@b);
  @m = cast<Mid>(rb);
  @i = cast<I>(rb);
  @j = cast<J>(rb);
  print("" + (m is null) + " " + (i is b) + " " + (j is null) + "\n");
  I@ asI = leaf;
  dictionary d;
  d.set("i", @asI);
  @m = null;
  @j = null;
  print("" + d.get("i", @m) + " " + (m is leaf) + " " + d.get("i", @j) + " " + (j is leaf) + " " + m.id() + "\n");
  any a(@asI);
  Leaf@ l2;
  Other@ o2;
  print("" + a.retrieve(@l2) + " " + (l2 is leaf) + " " + a.retrieve(@o2) + " " + (o2 is null) + "\n");
  ref rn;
  @l = cast<Leaf>(rn);
  print("" + (l is null) + "\n");
}

// expect: true true true true true
// expect: true true true
// expect: true true true true 3
// expect: true true false true
// expect: true
