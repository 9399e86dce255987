// &out object parameters.
class C { int v = 0; }
void make(C &out c) { c.v = 42; }
void main() {
  C c;
  make(c);
  print("" + c.v + "\n");
}

// expect: 42
