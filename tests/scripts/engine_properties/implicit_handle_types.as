// engine-property: ALLOW_IMPLICIT_HANDLE_TYPES=1
// `class @A` declares a type whose variables are handles: A a is A@ a (experimental in the
// reference).
class @A { int v = 2; }
A make() { return A(); }
void main() {
  A a = A();
  A b;
  print((b is null) + " " + a.v + "\n");
  A c = a;
  c.v = 7;
  print(a.v + " " + make().v + "\n");
  A@ d = a;
  print(d.v + "\n");
}
// expect: true 2
// expect: 7 2
// expect: 7
