// const T@ is a handle to a const object: members can be read but not written.
class C { int v = 3; }
void main() {
  C c;
  const C@ h = c;
  print("" + h.v + "\n");
  c.v = 4;
  print("" + h.v + "\n");
}

// expect: 3
// expect: 4
