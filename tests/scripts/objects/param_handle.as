// Passing a handle lets the callee modify the caller's object and reseat its own handle.
class C { int v = 0; }
void modify(C@ h) { h.v = 5; @h = C(); h.v = 100; }
void main() {
  C c;
  modify(c);
  print("" + c.v + "\n");
}

// expect: 5
