// dictionary assignment is a shallow copy: handles are shared, objects and strings copied;
// assigning a dictionary to itself empties it (as in the reference); stored handles keep their
// objects alive until the entry goes.
class Obj { int v; Obj() { v = -1; } Obj(int x) { v = x; } }
class Tracked { int v; Tracked(int x) { v = x; } ~Tracked() { print("~Tracked " + v + "\n"); } }
void main() {
  dictionary a;
  Obj o(1);
  a.set("h", @o);
  a.set("obj", Obj(2));
  a.set("s", "str");
  dictionary b;
  b.set("old", 5);
  b = a;
  print("" + b.getSize() + " " + b.exists("old") + "\n");
  Obj@ h;
  b.get("h", @h);
  print("" + (h is o) + "\n");
  Obj x(0);
  a.get("obj", x);
  x.v = 20;
  b.get("obj", x);
  print("" + x.v + "\n");
  Obj@ ho;
  a.get("obj", @ho);
  ho.v = 30;
  b.get("obj", x);
  print("" + x.v + "\n");
  a.get("obj", x);
  print("" + x.v + "\n");
  a = a;
  print("self " + a.getSize() + "\n");
  dictionary c;
  {
    Tracked t(3);
    c.set("t", @t);
    c.set("u", @t);
  }
  print("scope left\n");
  c.delete("t");
  print("deleted one\n");
  c.deleteAll();
  print("end\n");
}

// expect: 3 false
// expect: true
// expect: 2
// expect: 2
// expect: 30
// expect: self 0
// expect: scope left
// expect: deleted one
// expect: ~Tracked 3
// expect: end
