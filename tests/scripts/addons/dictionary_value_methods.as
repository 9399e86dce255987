// dictionaryValue's operator methods called by name: opAssign for every kind of value,
// opHndlAssign, opCast and opConv with `?&out`, the int64 conversion.
class Obj { int v = 3; }
void main() {
  dictionary d;
  Obj o;
  d["i"].opAssign(5);
  d["f"].opAssign(2.5);
  d["s"].opAssign("str");
  d["o"].opAssign(o);
  d["h"].opHndlAssign(@o);
  d["copy"].opAssign(d["h"]);
  d["hcopy"].opHndlAssign(d["i"]);
  print("" + d.getSize() + "\n");
  int64 i = 0;
  double f = 0;
  string s;
  print("" + d.get("i", i) + " " + i + " " + d.get("f", f) + " " + f + " " + d.get("s", s) + " " + s + "\n");
  Obj@ h;
  print("" + d.get("h", @h) + " " + (h is o) + "\n");
  Obj@ h2;
  d["copy"].opCast(@h2);
  print("" + (h2 is o) + "\n");
  Obj@ h3;
  d["o"].opCast(@h3);
  print("" + (h3 is o) + " " + h3.v + "\n");
  string s2;
  d["s"].opConv(s2);
  print(s2 + "\n");
  double f2 = 0;
  d["i"].opConv(f2);
  print("" + f2 + "\n");
  int64 i2 = 0;
  print("" + d.get("hcopy", i2) + " " + i2 + "\n");
  Obj o2;
  o2.v = 0;
  d["o"].opConv(o2);
  print("" + o2.v + "\n");
  dictionaryValue v;
  v.opAssign(10);
  v.opAssign(@o);
  Obj@ h4;
  v.opCast(@h4);
  print("" + (h4 is o) + "\n");
}

// expect: 7
// expect: true 5 true 2.5 true str
// expect: true true
// expect: true
// expect: false 3
// expect: str
// expect: 5
// expect: true 5
// expect: 3
// expect: true
