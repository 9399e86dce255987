// Handles stored in a dictionary or an any come back as handles of their base classes and
// interfaces, or of the object's own class when stored through a base class handle.
interface I { int id(); }
class Base : I { int id() { return 1; } }
class Derived : Base { int id() { return 2; } }
class Other {}
void main() {
  Derived d;
  dictionary dict;
  dict.set("d", @d);
  Base@ b;
  I@ i;
  Other@ o;
  print("" + dict.get("d", @b) + " " + (b is d) + "\n");
  print("" + dict.get("d", @i) + " " + (i is d) + "\n");
  print("" + dict.get("d", @o) + " " + (o is null) + "\n");
  Base@ asBase = d;
  dict.set("b", @asBase);
  Derived@ back;
  print("" + dict.get("b", @back) + " " + (back is d) + "\n");
  any a(@asBase);
  Derived@ back2;
  I@ i2;
  print("" + a.retrieve(@back2) + " " + (back2 is d) + " " + a.retrieve(@i2) + " " + (i2 is d) + "\n");
  const Derived@ cd = d;
  dict.set("c", @cd);
  Derived@ nc;
  const Derived@ cc;
  print("" + dict.get("c", @nc) + " " + (nc is null) + " " + dict.get("c", @cc) + " " + (cc is d) + "\n");
}

// expect: true true
// expect: true true
// expect: true true
// expect: true true
// expect: true true true true
// expect: false true true true
