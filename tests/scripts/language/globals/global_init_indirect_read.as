// A global read indirectly (through a function) is not a detected dependency: a is initialised
// first and getB() still sees b == 0.
int trace(string name, int v) { print("init " + name + "\n"); return v; }
int getB() { return b; }
int a = getB() + trace("a", 1);
int b = trace("b", 10);
void main() {
  print("" + a + " " + b + "\n");
}

// expect: init a
// expect: init b
// expect: 1 10
