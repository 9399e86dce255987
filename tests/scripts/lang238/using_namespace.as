// `using namespace` (2.38): at global scope for the whole script (also before it), in a
// namespace for that namespace, in a block for the rest of the block; a used namespace is looked
// into before the level it is declared at; scopes relative to it; an unknown one is accepted.
// reference: 2.38 (2.38 feature; 2.35.1 differs)
void h() { print("h " + x + "\n"); }
namespace A { int x = 1; void f() { print("A::f\n"); } class C { int v = 3; } enum E { EV = 7 } namespace In { int z = 4; } }
namespace B { int y = 2; int x = 9; }
using namespace A;
using namespace B;
using namespace legacy;
int x = 5;
namespace N {
  using namespace B;
  void g() { print("" + y + "\n"); }
}
void main() {
  print("" + x + "\n");
  f();
  h();
  C c; print(c.v + " " + EV + " " + In::z + "\n");
  N::g();
  {
    using namespace B;
    print("" + y + "\n");
  }
  int x = 2;
  print("" + x + "\n");
}
// expect: 1
// expect: A::f
// expect: h 1
// expect: 3 7 4
// expect: 2
// expect: 2
// expect: 2
