// Passing an object by value makes a copy.
class C { int v = 0; }
void change(C c) { c.v = 99; }
void main() {
  C c;
  change(c);
  print("" + c.v + "\n");
}

// expect: 0
