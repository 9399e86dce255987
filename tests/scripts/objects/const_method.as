// const methods can be called on const objects; non-const methods cannot.
class C {
  int v = 3;
  int get() const { return v; }
  void set(int x) { v = x; }
}
void show(const C &in c) { print("" + c.get() + "\n"); }
void main() {
  C c;
  c.set(8);
  show(c);
  const C@ h = c;
  print("" + h.get() + "\n");
}

// expect: 8
// expect: 8
