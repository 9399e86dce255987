// Copying a script object whose opAssign returns a handle (any, dictionary): the returned handle
// is released (make asan checks for leaks).
class VARIANT {
  int v;
  VARIANT@ opAssign(const VARIANT &in o) { v = o.v; return this; }
}
dictionary map;
void main() {
  VARIANT[] code(1);
  code[0].v = 4;
  any a(code[0]);
  map.set("current", code[0]);
  VARIANT x;
  a.retrieve(x);
  print(x.v + "\n");
}
// expect: 4
