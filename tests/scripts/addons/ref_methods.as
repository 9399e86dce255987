// ref's operator methods called by name: opHndlAssign from handles, objects, other refs and
// null; opCast to the object's own type and to another type; opEquals.
class Car { int v = 1; }
class Banana {}
void main() {
  Car c;
  ref r;
  r.opHndlAssign(@c);
  Car@ back;
  r.opCast(@back);
  Banana@ b;
  r.opCast(@b);
  print("" + (back is c) + " " + (b is null) + " " + r.opEquals(@c) + "\n");
  ref r2;
  r2.opHndlAssign(r);
  print("" + r2.opEquals(r) + " " + r2.opEquals(@c) + "\n");
  Banana ba;
  r2.opHndlAssign(ba);
  Banana@ b2;
  r2.opCast(@b2);
  print("" + (b2 is ba) + " " + r2.opEquals(r) + "\n");
  r2.opHndlAssign(null);
  Banana@ b3 = ba;
  r2.opCast(@b3);
  print("" + (b3 is null) + " " + r2.opEquals(null) + "\n");
  array<int> arr = {1, 2};
  r.opHndlAssign(@arr);
  array<int>@ a2;
  r.opCast(@a2);
  print("" + a2.length() + " " + (a2 is arr) + "\n");
}

// expect: true true true
// expect: true true
// expect: true false
// expect: true true
// expect: 2 true
