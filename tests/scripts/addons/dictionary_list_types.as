// dictionary initialisation lists with values of many types: small integers and floats become
// int64 and double, bools, enums, strings, objects (copied), handles and null.
enum E { A, B, C }
class Obj { int v = 4; }
void main() {
  Obj o;
  int8 i8 = -5;
  uint16 u16 = 65535;
  float fl = 0.5f;
  uint64 big = 18446744073709551615;
  dictionary d1 = {{"i8", i8}, {"u16", u16}, {"fl", fl}, {"big", big}};
  dictionary d2 = {{"t", true}, {"e", C}, {"neg", -7}, {"d", 1.25}};
  dictionary d3 = {{"s", "text"}};
  dictionary d4 = {{"obj", o}, {"h", @o}};
  dictionary d5 = {{"n", null}};
  print("" + d1.getSize() + d2.getSize() + d3.getSize() + d4.getSize() + d5.getSize() + "\n");
  int64 i = 0; double f = 0; bool b = false; string s;
  print("" + d1.get("i8", i) + " " + i + "\n");
  print("" + d1.get("u16", i) + " " + i + "\n");
  print("" + d1.get("fl", f) + " " + f + " " + d1.get("fl", i) + " " + i + "\n");
  print("" + d1.get("big", i) + " " + i + "\n");
  print("" + d2.get("t", b) + " " + b + " " + d2.get("t", i) + " " + i + "\n");
  print("" + d2.get("e", i) + " " + i + "\n");
  print("" + d2.get("neg", i) + " " + i + " " + d2.get("d", f) + " " + f + "\n");
  print("" + d3.get("s", s) + " " + s + "\n");
  o.v = 8;
  Obj o2;
  print("" + d4.get("obj", o2) + " " + o2.v + "\n");
  Obj@ h;
  print("" + d4.get("h", @h) + " " + (h is o) + "\n");
  Obj@ n = o;
  print("" + d5.exists("n") + " " + d5.get("n", i) + "\n");
  dictionary empty = {};
  print("" + empty.getSize() + " " + empty.isEmpty() + "\n");
}

// expect: 44121
// expect: true -5
// expect: true 65535
// expect: true 0.5 true 0
// expect: true -1
// expect: true true true 1
// expect: true 2
// expect: true -7 true 1.25
// expect: true text
// expect: true 4
// expect: true true
// expect: true false
// expect: 0 true
