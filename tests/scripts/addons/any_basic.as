// any: store and retrieve int64, double, strings and handles; retrieve fails on type mismatch.
class Obj { int v = 3; }
void main() {
  any a;
  a.store(42);
  int64 i = 0;
  print("" + a.retrieve(i) + " " + i + "\n");
  double d = 0;
  print("" + a.retrieve(d) + " " + d + "\n");
  a.store(2.5);
  print("" + a.retrieve(d) + " " + d + " " + a.retrieve(i) + " " + i + "\n");
  any s("text");
  string str;
  print("" + s.retrieve(str) + " " + str + " " + s.retrieve(i) + "\n");
  Obj o;
  any h(@o);
  Obj@ back;
  print("" + h.retrieve(@back) + " " + (back is o) + " " + back.v + "\n");
}

// expect: true 42
// expect: true 42
// expect: true 2.5 true 2
// expect: true text false
// expect: true true 3
