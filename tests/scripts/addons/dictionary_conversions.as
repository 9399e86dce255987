// dictionary.get conversions between the stored and the wanted type: enums and bools convert to
// numbers, numbers to bools, objects to bools (true) but not to numbers; handles and objects.
enum E { A, B, C }
class Obj { int v = 1; }
void main() {
  dictionary d;
  d.set("e", B);
  d.set("b", true);
  d.set("f", 2.75);
  d.set("i", 7);
  d.set("s", "str");
  d.set("z", false);
  d.set("n", 0);
  Obj o;
  d.set("h", @o);
  d.set("o", o);
  int64 i = -1; double f = -1; bool b = false;
  print("e: " + d.get("e", i) + " " + i + " " + d.get("e", f) + " " + f + " " + d.get("e", b) + " " + b + "\n");
  i = -1; f = -1;
  print("b: " + d.get("b", i) + " " + i + " " + d.get("b", f) + " " + f + "\n");
  b = false;
  print("f: " + d.get("f", b) + " " + b + "\n");
  b = false;
  print("i: " + d.get("i", b) + " " + b + "\n");
  b = true;
  print("z: " + d.get("z", b) + " " + b + "\n");
  b = true;
  print("n: " + d.get("n", b) + " " + b + "\n");
  b = false;
  print("s: " + d.get("s", b) + " " + b + "\n");
  b = false;
  bool b2 = false;
  print("h: " + d.get("h", b) + " " + b + " " + d.get("o", b2) + " " + b2 + "\n");
  Obj o2;
  o2.v = 5;
  o.v = 9;
  print("o: " + d.get("o", o2) + " " + o2.v + "\n");
  print("h: " + d.get("h", o2) + " " + o2.v + "\n");
  Obj@ h;
  print("oh: " + d.get("o", @h) + " " + (h is null) + "\n");
  Obj@ h2;
  print("hh: " + d.get("h", @h2) + " " + (h2 is o) + "\n");
  i = -1;
  print("h as int: " + d.get("h", i) + "\n");
}

// expect: e: true 1 true 1 true true
// expect: b: true 1 true 1
// expect: f: true true
// expect: i: true true
// expect: z: true false
// expect: n: true false
// expect: s: true true
// expect: h: true true true true
// expect: o: true 1
// expect: h: true 9
// expect: oh: true false
// expect: hh: true true
// expect: h as int: false
