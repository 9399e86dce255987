// A mixin class may not have constructors or destructors (reported when a class includes it).
mixin class M {
  M() {}
}
class C : M {}
void main() {}
// expect-error: 3 Mixin classes cannot have constructors or destructors
