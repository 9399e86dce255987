// any: what retrieve accepts for each stored type: int64/double convert to each other, enums to
// numbers, nothing to bool; objects only as the same type; handles (also of a stored object value).
// (Outputs are not printed after a failed retrieve: the reference leaves them undefined.)
enum E { A, B, C }
class Obj { int v = 1; }
class Other {}
void main() {
  any a;
  int64 i = -1; double d = -1; bool b = false; string s = "x";
  a.store(true);
  print("bool: " + a.retrieve(i) + " " + a.retrieve(d) + "\n");
  b = false;
  print("bool as bool: " + a.retrieve(b) + " " + b + "\n");
  a.store(C);
  print("enum: " + a.retrieve(i) + " " + i + " " + a.retrieve(d) + " " + d + "\n");
  print("enum as bool: " + a.retrieve(b) + "\n");
  a.store(0);
  print("0 as bool: " + a.retrieve(b) + "\n");
  a.store("str");
  print("string: " + a.retrieve(s) + " " + s + " " + a.retrieve(i) + "\n");
  print("string as bool: " + a.retrieve(b) + "\n");
  Obj o;
  o.v = 7;
  a.store(o);
  o.v = 8;
  Obj o2;
  print("obj: " + a.retrieve(o2) + " " + o2.v + "\n");
  Obj@ h;
  print("obj as handle: " + a.retrieve(@h) + " " + (h is null) + " " + (h is o) + "\n");
  a.store(@o);
  Obj@ h2;
  print("handle: " + a.retrieve(@h2) + " " + (h2 is o) + "\n");
  Other@ w;
  print("other: " + a.retrieve(@w) + " " + (w is null) + "\n");
  Obj o3;
  print("handle as obj: " + a.retrieve(o3) + " " + o3.v + "\n");
  Obj@ n = null;
  a.store(@n);
  Obj@ h3 = o;
  print("null handle: " + a.retrieve(@h3) + " " + (h3 is null) + "\n");
  any@ c = any(5.5);
  any@ e = any(int64(3));
  print("" + c.retrieve(i) + " " + i + " " + e.retrieve(d) + " " + d + "\n");
}

// expect: bool: false false
// expect: bool as bool: true true
// expect: enum: true 2 true 2
// expect: enum as bool: false
// expect: 0 as bool: false
// expect: string: true str false
// expect: string as bool: false
// expect: obj: true 7
// expect: obj as handle: true false false
// expect: handle: true true
// expect: other: false true
// expect: handle as obj: false 1
// expect: null handle: false true
// expect: true 5 true 3
