// engine-property: ALWAYS_IMPL_DEFAULT_CONSTRUCT=1
// A class that declares only A(int) still gets a default constructor, which runs the member
// initialisers.
class A {
  int v;
  string s = "init";
  A(int a) { v = a; }
}
void main() {
  A a;
  print(a.v + " " + a.s + "\n");
  A b(3);
  print(b.v + " " + b.s + "\n");
  A@ h = A();
  print(h.s + "\n");
}
// expect: 0 init
// expect: 3 init
// expect: init
