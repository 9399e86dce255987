// Member initialisers run in declaration order, before the constructor body.
int trace(string s, int v) { print("init " + s + "\n"); return v; }
class A {
  int a = trace("a", 1);
  int b = trace("b", a + 1);
  A() { print("ctor body a=" + a + " b=" + b + "\n"); }
}
void main() {
  A x;
}

// expect: init a
// expect: init b
// expect: ctor body a=1 b=2
