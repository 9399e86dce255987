// A::method() names a base class declared in another namespace (test_namespace L535): the
// unqualified A is the base X::A, also from a class further down the chain.
namespace X { class A { void test() { print("X::A::test\n"); } int v() { return 1; } } }
namespace Y {
  class B : X::A {
    void test() { print("B::test\n"); A::test(); X::A::test(); }
    int v() { return A::v() + 10; }
  }
}
class C : Y::B { void test() { print("C::test\n"); A::test(); B::test(); } }
void main() { C c; c.test(); print("" + c.v() + "\n"); }
// expect: C::test
// expect: X::A::test
// expect: B::test
// expect: X::A::test
// expect: X::A::test
// expect: 11
