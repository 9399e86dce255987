// Reading a property through a null handle: "Null pointer access".
class C { int v = 1; }
void main() {
  C@ h;
  print("x\n");
  int a = h.v;
}

// expect: x
// expect-exception: Null pointer access
