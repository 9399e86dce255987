// &inout (plain &) on reference types passes the object itself.
class C { int v = 0; }
void bump(C &inout c) { c.v++; }
void bump2(C & c) { c.v += 10; }
void main() {
  C c;
  bump(c);
  bump2(c);
  print("" + c.v + "\n");
}

// expect: 11
