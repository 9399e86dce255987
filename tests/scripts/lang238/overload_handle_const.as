// Overloads on a handle and a handle to const: an object takes the non-const one, a const handle
// (cast<const Foo>) the const one (2.38; 2.35.1 finds Func0(f) ambiguous).
// reference: 2.38 (2.38 behaviour; 2.35.1 differs)
class Foo { int k; }
int Func0(Foo@) { return 1; }
int Func0(const Foo@) { return 2; }
void main() {
  Foo f;
  print(Func0(f) + " " + Func0(@f) + " " + Func0(cast<const Foo>(f)) + "\n");
  const Foo@ c = f;
  print(Func0(c) + "\n");
}
// expect: 1 1 2
// expect: 2
