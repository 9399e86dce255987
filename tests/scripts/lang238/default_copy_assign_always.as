// ALWAYS_IMPL_DEFAULT_COPY=1 writes the copy opAssign beside other opAssign overloads.
// reference: 2.38
// engine-property: ALWAYS_IMPL_DEFAULT_COPY=1
class C {
  int v = 1;
  void opAssign(int x) { v = x; }
}
void main() {
  C a, b;
  a = 4;
  b = a;
  print("" + b.v + "\n");
}

// expect: 4
