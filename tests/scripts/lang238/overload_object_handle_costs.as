// For an object argument, taking its handle costs nothing and adding const does: T@ beats
// const T &in, and T@ beats const T@ (2.38; 2.35.1 finds f(x) ambiguous).
// reference: 2.38 (2.38 behaviour; 2.35.1 differs)
class Foo {}
int f(const Foo &in) { return 1; }
int f(Foo@) { return 2; }
int g(Foo@) { return 1; }
int g(const Foo@) { return 2; }
void main() {
  Foo x;
  print(f(x) + " " + g(x) + "\n");
}
// expect: 2 1
