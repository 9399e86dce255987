// Returning a new object through a handle &out parameter.
class C { int v; C(int x) { v = x; } }
void create(C@ &out h) { @h = C(33); }
void main() {
  C@ h;
  create(h);
  print("" + h.v + "\n");
}

// expect: 33
